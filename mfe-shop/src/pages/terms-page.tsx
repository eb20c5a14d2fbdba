import { PolicySection } from '../features/content/policy-section.tsx';
import page from '../shared/page.module.css';

/** /terms */
export default function TermsPage() {
  return (
    <div className={`${page.page} ${page.narrow}`}>
      <PolicySection kind="terms-conditions" headingAs="h1" />
    </div>
  );
}
