import { useLingui } from '@lingui/react/macro';
import { useEffect, useRef } from 'react';
import { PREVIEW_CANVAS, projectToBox, type RoutePoint } from './geo';

/** The planned route drawn into a 400 × 200 canvas (margin 20): legs as lines, stops as labelled dots. */
export function RouteCanvas({ points }: { points: readonly RoutePoint[] }) {
  const { t } = useLingui();
  const ref = useRef<HTMLCanvasElement>(null);

  useEffect(() => {
    const canvas = ref.current;
    const context = canvas?.getContext('2d');
    if (!canvas || !context) return;
    const { width, height } = PREVIEW_CANVAS;
    context.clearRect(0, 0, width, height);
    context.fillStyle = '#e6f1f8';
    context.fillRect(0, 0, width, height);
    const projected = projectToBox(points.map((point) => point.coordinates));
    context.strokeStyle = '#0e6ba8';
    context.lineWidth = 2;
    context.setLineDash([6, 4]);
    context.beginPath();
    projected.forEach(({ x, y }, index) => (index === 0 ? context.moveTo(x, y) : context.lineTo(x, y)));
    context.stroke();
    context.setLineDash([]);
    // eslint-disable-next-line lingui/no-unlocalized-strings -- a canvas font, not a text
    context.font = '11px system-ui, sans-serif';
    projected.forEach(({ x, y }, index) => {
      const isEnd = index === 0 || index === projected.length - 1;
      context.fillStyle = index === 0 ? '#1b7f4b' : index === projected.length - 1 ? '#d9480f' : '#0b2540';
      context.beginPath();
      context.arc(x, y, isEnd ? 6 : 4, 0, Math.PI * 2);
      context.fill();
      context.fillStyle = '#0b2540';
      // Labels flip to the left near the right edge so they stay inside the box.
      const label = points[index]?.name ?? '';
      const alignRight = x > width - 90;
      context.textAlign = alignRight ? 'right' : 'left';
      context.fillText(label, alignRight ? x - 9 : x + 9, Math.max(12, y - 6));
    });
  }, [points]);

  const summary = points.map((point) => point.name).join(' → ');
  return (
    <canvas
      ref={ref}
      width={PREVIEW_CANVAS.width}
      height={PREVIEW_CANVAS.height}
      className="route-canvas"
      role="img"
      aria-label={summary ? t`Route map: ${summary}` : t`Route map`}
    >
      {summary}
    </canvas>
  );
}
