import { Link } from 'react-router-dom';
import { CONTACT } from '../../lib/site';

export function Footer({ onCookieSettings }: { onCookieSettings: () => void }) {
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <section>
          <h2>Crew Finder</h2>
          <p>Connecting skippers and crew for safe, shared voyages.</p>
        </section>
        <nav aria-label="Platform">
          <h2>Platform</h2>
          <ul>
            <li>
              <Link to="/voyages">Browse voyages</Link>
            </li>
            <li>
              <Link to="/register">Join as crew or skipper</Link>
            </li>
            <li>
              <Link to="/dashboard">Dashboard</Link>
            </li>
            <li>
              <Link to="/help">Help centre</Link>
            </li>
            <li>
              <Link to="/help/safety">Safety</Link>
            </li>
          </ul>
        </nav>
        <nav aria-label="Legal">
          <h2>Legal</h2>
          <ul>
            <li>
              <Link to="/terms-of-service">Terms of Service</Link>
            </li>
            <li>
              <Link to="/privacy-policy">Privacy Policy</Link>
            </li>
            <li>
              <button type="button" className="link-button" onClick={onCookieSettings}>
                Cookie settings
              </button>
            </li>
          </ul>
        </nav>
        <section aria-label="Contact">
          <h2>Contact</h2>
          <ul>
            <li>
              Support: <a href={`mailto:${CONTACT.support}`}>{CONTACT.support}</a>
            </li>
            <li>
              Safety: <a href={`mailto:${CONTACT.safety}`}>{CONTACT.safety}</a>
            </li>
            <li>
              General: <a href={`mailto:${CONTACT.general}`}>{CONTACT.general}</a>
            </li>
            <li>
              Data protection: <a href={`mailto:${CONTACT.dataProtection}`}>{CONTACT.dataProtection}</a>
            </li>
          </ul>
        </section>
      </div>
      <p className="site-footer__legal">© {new Date().getFullYear()} Crew Finder. Sail safely.</p>
      <p className="site-footer__legal">
        Map and place data: <a href="https://www.geonames.org/">GeoNames</a> (<a href="https://creativecommons.org/licenses/by/4.0/">CC BY 4.0</a>),{' '}
        <a href="https://www.naturalearthdata.com/">Natural Earth</a>
      </p>
    </footer>
  );
}
