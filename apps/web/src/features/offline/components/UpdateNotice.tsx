import { Trans } from '@lingui/react/macro';
import '../offline.css';

/** A new version of the app is installed and waiting: it takes over only when the member chooses to reload. */
export function UpdateNotice({ onReload }: { readonly onReload: () => void }) {
  return (
    <div className="update-notice" role="status">
      <p className="update-notice__text">
        <Trans>A new version is ready</Trans>
      </p>
      <button type="button" className="button button--primary button--small" onClick={onReload}>
        <Trans>Reload</Trans>
      </button>
    </div>
  );
}
