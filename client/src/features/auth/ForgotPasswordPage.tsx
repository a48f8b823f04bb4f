import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '../../lib/zodResolver';
import { useLocation } from 'react-router-dom';
import { Info, MailCheck } from 'lucide-react';
import type { z } from 'zod';
import { M } from '../../../../shared/messages';
import { passwordResetRequestInput } from '../../../../shared/schemas/auth';
import { errorText, trpc } from '../../lib/trpc';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/Field';
import { Alert, Spinner } from '../../ui/Feedback';
import { AuthCard } from './AuthCard';
import { BackToSignIn, CardNotice, SignInButton } from './AuthNotice';

type RequestForm = z.input<typeof passwordResetRequestInput>;

/** /hub/forgot-password: asks for the address and mails a one-time link (the reply is the same for any address). */
export default function ForgotPasswordPage() {
  // The sign-in form passes what was typed there.
  const typed = (useLocation().state as { email?: unknown } | null)?.email;
  const available = trpc.auth.passwordResetAvailable.useQuery(undefined, { retry: false });
  const request = trpc.auth.requestPasswordReset.useMutation();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [mailOff, setMailOff] = useState(false);
  const [alert, setAlert] = useState<string | null>(null);
  const { register, handleSubmit, formState } = useForm<RequestForm>({
    resolver: zodResolver(passwordResetRequestInput),
    defaultValues: { email: typeof typed === 'string' ? typed : '' },
  });

  useDocumentTitle(sentTo ? M.passwordReset.sentTitle : M.passwordReset.title);

  const onSubmit = handleSubmit(async (values) => {
    setAlert(null);
    try {
      const reply = await request.mutateAsync(values);
      if (reply.emailConfigured) setSentTo(values.email);
      else setMailOff(true);
    } catch (error) {
      setAlert(errorText(error) ?? M.common.internal);
    }
  });

  if (sentTo)
    return (
      <AuthCard title={M.passwordReset.sentTitle} subtitle="">
        <CardNotice icon={<MailCheck className="size-6" aria-hidden />} action={<SignInButton />}>
          {M.passwordReset.sentText(sentTo)}
        </CardNotice>
      </AuthCard>
    );

  // A failed check (server unreachable) still shows the form: the request itself then says what went wrong.
  const unavailable = mailOff || available.data?.available === false;
  return (
    <AuthCard
      title={M.passwordReset.title}
      subtitle={unavailable ? '' : M.passwordReset.text}
      footer={unavailable ? undefined : <BackToSignIn />}
    >
      {available.isPending ? (
        <Spinner />
      ) : unavailable ? (
        <CardNotice icon={<Info className="size-6" aria-hidden />} tone="amber" action={<SignInButton />}>
          {M.passwordReset.unavailable}
        </CardNotice>
      ) : (
        <form onSubmit={onSubmit} noValidate className="space-y-4">
          {alert && <Alert>{alert}</Alert>}
          <TextField
            label={M.shell.email}
            type="email"
            autoComplete="email"
            autoFocus
            placeholder={M.shell.emailPlaceholder}
            error={formState.errors.email?.message}
            {...register('email')}
          />
          <Button type="submit" className="w-full" busy={request.isPending}>
            {request.isPending ? M.passwordReset.submitting : M.passwordReset.submit}
          </Button>
        </form>
      )}
    </AuthCard>
  );
}
