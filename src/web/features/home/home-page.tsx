import { PublicLayout } from '../../components/public-layout';
import { HeroSection } from './hero-section';
import { HowToApplySection } from './how-to-apply-section';

/**
 * The public landing page. It offers only what exists: the officials' Login (the dialog is supplied by the
 * route, so this feature stays independent of the auth feature) and the explainer. Citizen entries (Track
 * Application, Register as Landlord or Tenant, Apply for Clearance, Download Forms) join the header when their
 * flows are built.
 */
export function HomePage({ onLogin }: { onLogin: () => void }) {
  return (
    <PublicLayout>
      <HeroSection onLogin={onLogin} />
      <HowToApplySection />
    </PublicLayout>
  );
}
