import { useEffect, useRef, useState, type ReactNode } from 'react';
import { usePainted } from '../../lib/after-first-paint';

/**
 * Shows `placeholder` until the place it holds comes within `margin` of the
 * viewport, then `children`. A heavy part of a page (a map and its data) that
 * starts below the fold on a phone then does not compete with what the
 * reader sees first; where it is on screen at once, it loads once the
 * first screen has been painted (the observer's first answer came before
 * that paint, and its code's requests with it).
 */
export function WhenNearViewport({ children, placeholder, margin = '300px' }: { children: ReactNode; placeholder: ReactNode; margin?: string }) {
  const holder = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  const painted = usePainted();
  useEffect(() => {
    const element = holder.current;
    if (near || !painted || !element) return undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: margin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near, painted, margin]);
  return near ? <>{children}</> : <div ref={holder}>{placeholder}</div>;
}
