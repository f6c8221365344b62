import type { MatchScoreResponse } from '@crew/contracts';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import './match.css';

const band = (score: number): 'high' | 'medium' | 'low' => (score >= 75 ? 'high' : score >= 45 ? 'medium' : 'low');

/** A match score 0–100 with the reasons it rests on and what would raise it; `compact` shows the figure alone (cards), the reasons as its description. */
/** `ownMatch`: the viewer's own score, so the advice ("Add … to your skills") is theirs to follow; a skipper reading an applicant's score gets no advice. */
export function MatchScore({ match, compact = false, heading, ownMatch = true }: { match: MatchScoreResponse; compact?: boolean; heading?: string; ownMatch?: boolean }) {
  const { t } = useLingui();
  const id = useId();
  const score = match.score;
  // What to add to the profile, as the API worked it out ("Add Navigation to your skills to raise your match").
  const advice = ownMatch ? match.advice : [];
  if (compact) {
    return (
      <p className={`match-score match-score--compact match-score--${band(match.score)}`} data-testid="match-score" title={match.reasons.join('; ')}>
        <strong>
          <Trans>{score}% match</Trans>
        </strong>
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
      {advice.length > 0 && (
        <ul className="match-score__advice" aria-label={t`How to raise your match`}>
          {advice.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
