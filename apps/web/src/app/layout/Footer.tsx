import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router-dom';
import { CONTACT } from '../../lib/site';
import { LanguageSwitcher } from '../../i18n/LanguageSwitcher';

export function Footer({ onCookieSettings }: { onCookieSettings: () => void }) {
  const { t } = useLingui();
  const year = new Date().getFullYear();
  const { support, safety, general, dataProtection } = CONTACT;
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <section>
          <h2>Crew Finder</h2>
          <p>
            <Trans>Connecting skippers and crew for safe, shared voyages.</Trans>
          </p>
          <LanguageSwitcher />
        </section>
        <nav aria-label={t`Platform`}>
          <h2>
            <Trans>Platform</Trans>
          </h2>
          <ul>
            <li>
              <Link to="/voyages">
                <Trans>Browse voyages</Trans>
              </Link>
            </li>
            <li>
              <Link to="/register">
                <Trans>Join as crew or skipper</Trans>
              </Link>
            </li>
            <li>
              <Link to="/dashboard">
                <Trans>Dashboard</Trans>
              </Link>
            </li>
            <li>
              <Link to="/help">
                <Trans>Help centre</Trans>
              </Link>
            </li>
            <li>
              <Link to="/help/safety">
                <Trans>Safety</Trans>
              </Link>
            </li>
          </ul>
        </nav>
        <nav aria-label={t`Legal`}>
          <h2>
            <Trans>Legal</Trans>
          </h2>
          <ul>
            <li>
              <Link to="/terms-of-service">
                <Trans>Terms of Service</Trans>
              </Link>
            </li>
            <li>
              <Link to="/privacy-policy">
                <Trans>Privacy Policy</Trans>
              </Link>
            </li>
            <li>
              <button type="button" className="link-button" onClick={onCookieSettings}>
                <Trans>Cookie settings</Trans>
              </button>
            </li>
          </ul>
        </nav>
        <section aria-label={t`Contact`}>
          <h2>
            <Trans>Contact</Trans>
          </h2>
          <ul>
            <li>
              <Trans>
                Support: <a href={`mailto:${support}`}>{support}</a>
              </Trans>
            </li>
            <li>
              <Trans>
                Safety: <a href={`mailto:${safety}`}>{safety}</a>
              </Trans>
            </li>
            <li>
              <Trans>
                General: <a href={`mailto:${general}`}>{general}</a>
              </Trans>
            </li>
            <li>
              <Trans>
                Data protection: <a href={`mailto:${dataProtection}`}>{dataProtection}</a>
              </Trans>
            </li>
          </ul>
        </section>
      </div>
      <p className="site-footer__legal">
        <Trans>© {year} Crew Finder. Sail safely.</Trans>
      </p>
      <p className="site-footer__legal">
        <Trans>
          Map and place data: <a href="https://www.geonames.org/">GeoNames</a> (<a href="https://creativecommons.org/licenses/by/4.0/">CC BY 4.0</a>),{' '}
          <a href="https://www.naturalearthdata.com/">Natural Earth</a>
        </Trans>
      </p>
    </footer>
  );
}
