import { SessionsSection } from './SessionsSection';
import { TwoFactorSection } from './TwoFactorSection';

/** Settings → Security: two-factor sign-in and the sessions list. Email and password change on the profile tab. */
export default function SecurityTab() {
  return (
    <>
      <TwoFactorSection />
      <SessionsSection />
    </>
  );
}
