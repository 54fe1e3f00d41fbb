import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { PublicLayout } from '../../components/public-layout';
import { errorMessage } from '../../api/client';
import { fetchVerification } from './verify-api';
import { verifyHref } from './verify-path';
import { VerifyView, type VerifyState } from './verify-view';
import './verify-styles';

/**
 * /verify/:code: anyone may check a certificate; the answer carries names only (docs/certificate.md). One call,
 * no steps to go through, so no machine: the answer is kept with the code it answers, and a different code in
 * the address shows 'checking' until its own answer arrives.
 */
export function VerifyPage() {
  const code = useParams().code ?? '';
  const navigate = useNavigate();
  const [answer, setAnswer] = useState<{ code: string; state: VerifyState } | null>(null);
  useEffect(() => {
    let live = true;
    fetchVerification(code).then(
      (reply) => live && setAnswer({ code, state: { kind: 'answered', reply } }),
      (err: unknown) => live && setAnswer({ code, state: { kind: 'failed', message: errorMessage(err) } }),
    );
    return () => {
      live = false;
    };
  }, [code]);
  const state: VerifyState = answer?.code === code ? answer.state : { kind: 'checking' };
  return (
    <PublicLayout>
      <VerifyView key={code} code={code} state={state} onCheck={(next) => void navigate(verifyHref(next))} />
    </PublicLayout>
  );
}
