import type { Session } from '@kanisa/client';
import { PageTitle } from '../../components/ui/Page';
import { provide, t } from '../../i18n';
import { portal as portalTexts } from '../../i18n/en/portal';
import { useForgetMemberAnswers, useMemberSession } from '../../lib/member';
import { MyDetails } from './MyDetails';
import { MyGive } from './MyGive';
import { MyGiving } from './MyGiving';
import { MyRequests } from './MyRequests';
import { PhoneSignIn } from './PhoneSignIn';
import { refusalText, useSignOut } from './api/sign-in';
import './portal.css';

provide(portalTexts);

/** The signed-in member: their giving, and signing out here or everywhere. */
function MemberHome({ session }: { session: Session }) {
  const signOut = useSignOut();
  const forget = useForgetMemberAnswers();
  const name = typeof session.user.user_metadata.full_name === 'string' ? session.user.user_metadata.full_name : '';
  const memberId = typeof session.user.app_metadata.member_id === 'string' ? session.user.app_metadata.member_id : null;
  const out = (scope: 'local' | 'global') => { signOut.mutate(scope, { onSuccess: forget }); };
  return (
    <>
      <p className="portal-welcome">{t('portal.welcome', { name })}</p>
      {memberId ? (
        <>
          <MyGiving userId={session.user.id} memberId={memberId} name={name} />
          <MyGive userId={session.user.id} memberId={memberId} />
          <MyDetails userId={session.user.id} memberId={memberId} />
          <MyRequests userId={session.user.id} memberId={memberId} />
        </>
      ) : (
        <p>{t('portal.notLinked')}</p>
      )}
      <div className="portal-actions">
        <button type="button" className="button button-outline" disabled={signOut.isPending} aria-busy={signOut.isPending} onClick={() => { out('local'); }}>
          {signOut.isPending ? t('portal.signingOut') : t('portal.signOut')}
        </button>
        <button type="button" className="button button-outline" disabled={signOut.isPending} onClick={() => { out('global'); }}>
          {t('portal.signOutEverywhere')}
        </button>
      </div>
      {signOut.isError ? <p role="alert">{refusalText(signOut.error)}</p> : null}
    </>
  );
}

export default function PortalPage() {
  const { ready, session } = useMemberSession();
  return (
    <div className="portal-page">
      <PageTitle title={t('portal.title')} />
      <div className="page-hero">
        <h1>{t('portal.heroTitle')}</h1>
        {session ? null : <p>{t('portal.heroText')}</p>}
      </div>
      <div className="section portal-body">
        {!ready ? <p role="status">{t('portal.loading')}</p> : session ? <MemberHome session={session} /> : <PhoneSignIn />}
      </div>
    </div>
  );
}
