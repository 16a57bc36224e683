import { Link } from 'react-router-dom';
import { church } from '../../config/church';
import { footerBottomLinks, footerMinistries, footerQuickLinks } from './nav-links';

export function Footer() {
  return (
    <footer className="site-footer">
      <div className="footer-grid">
        <section aria-labelledby="footer-church">
          <h2 id="footer-church">{church.name}</h2>
          <p>A community of believers sharing God&apos;s love and truth in our town and beyond.</p>
          <figure className="verse footer-verse">
            <blockquote>
              <p>
                Let your light so shine before men, that they may see your good works, and glorify your Father
                which is in heaven.
              </p>
            </blockquote>
            <figcaption>Matthew 5:16</figcaption>
          </figure>
        </section>
        <nav aria-labelledby="footer-quick-links">
          <h2 id="footer-quick-links">Quick Links</h2>
          <ul>
            {footerQuickLinks.map((item) => (
              <li key={item.to}>
                <Link to={item.to}>{item.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <section aria-labelledby="footer-ministries">
          <h2 id="footer-ministries">Our Ministries</h2>
          <ul>
            {footerMinistries.map((name) => (
              <li key={name}>{name}</li>
            ))}
          </ul>
        </section>
      </div>
      <div className="footer-bottom">
        <p>
          © 2025 {church.name}. All rights reserved.
        </p>
        <nav aria-label="Legal and support">
          <ul>
            {footerBottomLinks.map((item) => (
              <li key={item.label}>
                <Link to={item.to}>{item.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </footer>
  );
}
