import { useKanisa } from '@kanisa/client/react';
import { useQuery } from '@tanstack/react-query';
import { demoModeText, serviceModesQuery } from './demo-mode';

/** Spec README point 19: staff see when e-mail, SMS or payments are only simulated. */
export function DemoModeBanner() {
  const client = useKanisa();
  const { data } = useQuery(serviceModesQuery(client));
  const text = demoModeText(data);
  if (!text) return null;
  return (
    <p className="demo-banner" role="note">
      <strong>Demo mode</strong>
      {text.slice('Demo mode'.length)}
    </p>
  );
}
