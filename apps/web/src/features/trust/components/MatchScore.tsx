import type { MatchScoreResponse } from '@crew/contracts';
import { useId } from 'react';
import '../match.css';

const band = (score: number): 'high' | 'medium' | 'low' => (score >= 75 ? 'high' : score >= 45 ? 'medium' : 'low');

/** A match score 0–100 with the reasons it rests on; `compact` shows the figure alone (cards), the reasons as its description. */
export function MatchScore({ match, compact = false, heading }: { match: MatchScoreResponse; compact?: boolean; heading?: string }) {
  const id = useId();
  if (compact) {
    return (
      <p className={`match-score match-score--compact match-score--${band(match.score)}`} data-testid="match-score" title={match.reasons.join('; ')}>
        <strong>{match.score}% match</strong>
        {match.reasons.length > 0 && <span className="visually-hidden">: {match.reasons.join('; ')}</span>}
      </p>
    );
  }
  return (
    <div className={`match-score match-score--${band(match.score)}`} data-testid="match-score">
      <p className="match-score__figure" id={`${id}-score`}>
        {heading && <span className="match-score__label">{heading}: </span>}
        <strong>{match.score}</strong>
        <span className="muted"> / 100</span>
      </p>
      {match.reasons.length > 0 && (
        <ul className="match-score__reasons" aria-labelledby={`${id}-score`}>
          {match.reasons.map((reason) => (
            <li key={reason}>{reason}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
