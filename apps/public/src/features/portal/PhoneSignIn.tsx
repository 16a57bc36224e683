import { useState, type SyntheticEvent } from 'react';
import { Field, TextField, controlProps } from '../../components/ui/FormField';
import { lang, t } from '../../i18n';
import { refusalText, useAskForCode, useSignInWithCode } from './api/sign-in';

/** A Kenyan mobile number in any of its forms: 0712 345 678, +254712345678, 712345678. */
export function looksLikePhone(value: string): boolean {
  const compact = value.replace(/[\s().-]/g, '');
  return /^(?:\+?254|0)?[17]\d{8}$/.test(compact);
}

/** Sign-in by phone: the number, then the six-digit code the SMS brings (or, in demo mode, the screen). */
export function PhoneSignIn() {
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [asked, setAsked] = useState<{ phone: string; demoCode?: string } | null>(null);
  const [problem, setProblem] = useState<string | undefined>();
  const ask = useAskForCode();
  const verify = useSignInWithCode();

  function sendCode(event: SyntheticEvent<HTMLFormElement>) {
    event.preventDefault();
    const number = phone.trim();
    if (!number) { setProblem(t('portal.phoneRequired')); return; }
    if (!looksLikePhone(number)) { setProblem(t('portal.phoneInvalid')); return; }
    setProblem(undefined);
    ask.mutate(
      { phone: number, locale: lang() },
      {
        onSuccess: (sent) => {
          setAsked({ phone: number, ...(sent.demo_code ? { demoCode: sent.demo_code } : {}) });
          setCode('');
        },
        onError: (error) => { setProblem(refusalText(error)); },
      },
    );
  }

  function signIn(event: SyntheticEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!asked) return;
    const token = code.replace(/\s/g, '');
    if (!/^\d{6}$/.test(token)) { setProblem(t('portal.codeInvalidShape')); return; }
    setProblem(undefined);
    verify.mutate({ phone: asked.phone, token }, { onError: (error) => { setProblem(refusalText(error)); } });
  }

  if (!asked) {
    return (
      <form className="portal-form" onSubmit={sendCode} noValidate>
        <Field id="portal-phone" label={t('portal.phoneLabel')} hint={t('portal.phoneHint')} required error={problem}>
          <input
            {...controlProps('portal-phone', problem, t('portal.phoneHint'))}
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            required
            value={phone}
            onChange={(event) => { setPhone(event.target.value); }}
          />
        </Field>
        <button type="submit" className="button button-give" disabled={ask.isPending} aria-busy={ask.isPending}>
          {ask.isPending ? t('portal.sending') : t('portal.sendCode')}
        </button>
      </form>
    );
  }
  return (
    <form className="portal-form" onSubmit={signIn} noValidate>
      <p role="status" className="portal-sent">
        {t('portal.codeSent', { phone: asked.phone })}
      </p>
      {asked.demoCode ? <p className="portal-demo">{t('portal.demoCode', { code: asked.demoCode })}</p> : null}
      <TextField
        id="portal-code"
        label={t('portal.codeLabel')}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        pattern="[0-9]*"
        required
        value={code}
        onValue={setCode}
        error={problem}
      />
      <div className="portal-actions">
        <button type="submit" className="button button-give" disabled={verify.isPending} aria-busy={verify.isPending}>
          {verify.isPending ? t('portal.signingIn') : t('portal.signIn')}
        </button>
        <button
          type="button"
          className="button button-outline"
          disabled={verify.isPending}
          onClick={() => {
            setAsked(null);
            setProblem(undefined);
          }}
        >
          {t('portal.otherNumber')}
        </button>
      </div>
    </form>
  );
}
