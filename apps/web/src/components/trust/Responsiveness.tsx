import { responseRateLine, responsivenessLine } from '../../lib/trust-format';
import './match.css';

/** "Usually answers within 2 days" and the response rate; "New skipper" copy when nothing is known yet. */
export function Responsiveness({ rate, medianHours, showRate = true }: { rate?: number | null | undefined; medianHours?: number | null | undefined; showRate?: boolean }) {
  const line = responsivenessLine(medianHours);
  const rateLine = showRate ? responseRateLine(rate) : null;
  if (!line && !rateLine) return null;
  return (
    <p className="responsiveness" data-testid="responsiveness">
      {line}
      {line && rateLine ? ' · ' : ''}
      {rateLine}
    </p>
  );
}
