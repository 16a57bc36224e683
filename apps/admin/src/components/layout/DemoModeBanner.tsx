import { demoModeText, useServiceModes } from './demo-mode';

/** Spec README point 19: staff see when e-mail, SMS or payments are only simulated. */
export function DemoModeBanner() {
  const { data } = useServiceModes();
  const text = demoModeText(data);
  if (!text) return null;
  return (
    <p className="demo-banner" role="note">
      <strong>Demo mode</strong>
      {text.slice('Demo mode'.length)}
    </p>
  );
}
