import { lazy, Suspense } from 'react';
import type { InfoModalContent } from './InfoModal';

const InfoModal = lazy(() => import('./InfoModal').then((m) => ({ default: m.InfoModal })));

/**
 * The details dialog (InfoModal), fetched the first time one opens: not part of a page's first
 * load. Renders nothing while `info` is null.
 */
export function LazyInfoModal({ info, onClose }: { info: InfoModalContent | null; onClose: () => void }) {
  return info ? (
    <Suspense fallback={null}>
      <InfoModal info={info} onClose={onClose} />
    </Suspense>
  ) : null;
}
