import type { GivingType, PaymentStatus } from '@kanisa/client';
import { useState } from 'react';
import { SelectField } from '../../components/ui/FormField';
import { t } from '../../i18n';
import { AsMember, memberKey, useRefreshMemberAnswers } from '../../lib/member';
import { PaymentDialog } from '../giving/PaymentDialog';
import { givingTypeOptions, thanksText } from '../giving/payment';
import { localPhone } from './MyDetails';
import { useDetails } from './api/details';

/**
 * Give from the portal: the website's giving dialog with the member's phone filled in, sent
 * with the member's token so the gift is theirs (the server links it to their register row,
 * whichever phone pays). A completed gift refreshes My giving.
 */
export function MyGive({ userId, memberId }: { userId: string; memberId: string }) {
  const phone = useDetails(userId, memberId).data?.phone ?? null;
  const [givingType, setGivingType] = useState<GivingType>('tithe');
  const [open, setOpen] = useState(false);
  const [thanks, setThanks] = useState<string | null>(null);
  const refresh = useRefreshMemberAnswers();
  const completed = (payment: PaymentStatus) => {
    setOpen(false);
    setThanks(thanksText(givingType, payment.amount));
    void refresh(memberKey(userId, 'statement'));
  };
  return (
    <section className="portal-details" aria-labelledby="portal-give-title">
      <h2 id="portal-give-title">{t('portal.give')}</h2>
      <p>{t('portal.giveText')}</p>
      <SelectField id="portal-give-type" name="givingType" label={t('portal.fund')} value={givingType} options={givingTypeOptions()}
        onValue={(v) => { setGivingType(v === 'offering' || v === 'special' ? v : 'tithe'); }} />
      <div className="portal-actions">
        <button type="button" className="button" onClick={() => { setThanks(null); setOpen(true); }}>
          {t('portal.giveNow')}
        </button>
      </div>
      <div aria-live="polite">{thanks ? <p className="portal-notice" role="status">{thanks}</p> : null}</div>
      {open ? (
        <AsMember>
          <PaymentDialog amount="" givingType={givingType} phone={localPhone(phone)} onClose={() => { setOpen(false); }} onComplete={completed} />
        </AsMember>
      ) : null}
    </section>
  );
}
