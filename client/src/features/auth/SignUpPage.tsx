import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useNavigate } from 'react-router-dom';
import { CheckCircle2 } from 'lucide-react';
import { M } from '../../../../shared/messages';
import { cleanSlug, signupFormSchema, type SignupForm } from '../../../../shared/schemas/auth';
import { errorCode, errorStatus, fieldIssues, trpc } from '../../lib/trpc';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/Field';
import { Alert } from '../../ui/Feedback';
import { AuthCard } from './AuthCard';

const formFields = ['name', 'firstName', 'lastName', 'email', 'phone', 'slug', 'password', 'confirmPassword'] as const;

export default function SignUpPage() {
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const signup = trpc.auth.signup.useMutation();
  const [alert, setAlert] = useState<string | null>(null);
  const [created, setCreated] = useState(false);
  const { register, handleSubmit, formState, setError, setValue, watch } = useForm<SignupForm>({
    resolver: zodResolver(signupFormSchema),
    defaultValues: { name: '', firstName: '', lastName: '', email: '', phone: '', slug: '', password: '', confirmPassword: '' },
  });
  const slug = watch('slug');
  const errors = formState.errors;

  useEffect(() => {
    document.title = 'Create your account — Clientflow';
  }, []);

  const onSubmit = handleSubmit(async ({ confirmPassword: _, ...values }) => {
    setAlert(null);
    try {
      await signup.mutateAsync(values);
      await utils.invalidate();
      setCreated(true);
    } catch (error) {
      const message = (error as Error).message;
      if (errorCode(error) === 'CONFLICT') {
        setError(message === M.signup.slugTaken ? 'slug' : 'email', { message }, { shouldFocus: true });
        return;
      }
      const issues = fieldIssues(error).filter((i) => (formFields as readonly string[]).includes(i.path));
      if (issues.length) {
        for (const issue of issues) setError(issue.path as (typeof formFields)[number], { message: issue.message });
        return;
      }
      const status = errorStatus(error);
      setAlert(message || (status ? M.signup.failedWithStatus(status) : M.signup.failed));
    }
  });

  if (created) {
    return (
      <AuthCard title={M.signup.createdTitle} subtitle="">
        <div className="space-y-6 text-center">
          <CheckCircle2 className="mx-auto size-14 text-emerald-500" aria-hidden />
          <p className="text-slate-600">{M.signup.createdText}</p>
          <Button className="w-full" autoFocus onClick={() => navigate('/hub')}>
            {M.signup.continue}
          </Button>
        </div>
      </AuthCard>
    );
  }

  const slugField = register('slug');
  return (
    <AuthCard
      title={M.signup.title}
      subtitle={M.signup.subtitle}
      footer={
        <>
          {M.signup.haveAccount}{' '}
          <Link to="/hub" className="font-medium text-brand-700 hover:underline">
            {M.signup.signIn}
          </Link>
        </>
      }
    >
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        {alert && <Alert>{alert}</Alert>}
        <TextField label={M.signup.businessName} autoComplete="organization" autoFocus error={errors.name?.message} {...register('name')} />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label={M.signup.firstName} autoComplete="given-name" error={errors.firstName?.message} {...register('firstName')} />
          <TextField label={M.signup.lastName} autoComplete="family-name" error={errors.lastName?.message} {...register('lastName')} />
        </div>
        <TextField label={M.signup.email} type="email" autoComplete="email" error={errors.email?.message} {...register('email')} />
        <TextField label={M.signup.phone} type="tel" autoComplete="tel" error={errors.phone?.message} {...register('phone')} />
        <TextField
          label={M.signup.brandUrl}
          autoComplete="off"
          spellCheck={false}
          placeholder="youragency"
          error={errors.slug?.message}
          hint={
            <>
              Your client portal: <span className="font-mono text-slate-700">{window.location.host}/portal/{slug || 'your-brand'}</span>
            </>
          }
          {...slugField}
          onChange={(event) => {
            // Typing keeps letters and digits only, lower-cased.
            const value = cleanSlug(event.target.value);
            event.target.value = value;
            setValue('slug', value, { shouldValidate: formState.isSubmitted });
            void slugField.onChange(event);
          }}
        />
        <TextField label={M.signup.password} type="password" autoComplete="new-password" error={errors.password?.message} {...register('password')} />
        <TextField label={M.signup.confirmPassword} type="password" autoComplete="new-password" error={errors.confirmPassword?.message} {...register('confirmPassword')} />
        <Button type="submit" className="w-full" busy={signup.isPending}>
          {signup.isPending ? M.signup.submitting : M.signup.submit}
        </Button>
      </form>
    </AuthCard>
  );
}
