import { PolicySection } from '../features/content/policy-section.tsx';
import page from '../shared/page.module.css';

/** /privacy */
export default function PrivacyPage() {
  return (
    <div className={`${page.page} ${page.narrow}`}>
      <PolicySection kind="privacy-policy" headingAs="h1" />
    </div>
  );
}
