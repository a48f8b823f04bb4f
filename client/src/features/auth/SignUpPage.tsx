import { useState } from 'react';
import { useForm, type FieldErrors } from 'react-hook-form';
import { zodResolver } from '../../lib/zodResolver';
import { Link, Navigate, useNavigate } from 'react-router-dom';
import { CheckCircle2 } from 'lucide-react';
import { M } from '../../../../shared/messages';
import { cleanSlug, signupFormSchema, type SignupForm } from '../../../../shared/schemas/auth';
import { useSession } from '../../app/useSession';
import { errorStatus, trpc } from '../../lib/trpc';
import { onFormError } from '../../ui/form';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/Field';
import { Alert } from '../../ui/Feedback';
import { AuthCard } from './AuthCard';
import { PasswordStrengthMeter, preloadPasswordStrength } from './PasswordStrengthMeter';

/**
 * The form's fields in screen order: a failed submit focuses the first one in error. (react-hook-form's own
 * shouldFocusError follows registration order, and the Brand URL and password fields register before the JSX.)
 */
const formFields = ['name', 'firstName', 'lastName', 'email', 'phone', 'slug', 'password', 'confirmPassword'] as const;

export default function SignUpPage() {
  useDocumentTitle(M.shell.titles.signUp);
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const { user } = useSession();
  const signup = trpc.auth.signup.useMutation();
  const [alert, setAlert] = useState<string | null>(null);
  const [created, setCreated] = useState(false);
  const { register, handleSubmit, formState, setError, setFocus, setValue, watch } = useForm<SignupForm>({
    resolver: zodResolver(signupFormSchema),
    defaultValues: {
      name: '',
      firstName: '',
      lastName: '',
      email: '',
      phone: '',
      slug: '',
      password: '',
      confirmPassword: '',
    },
    shouldFocusError: false,
  });
  const [slug, password, email, name, firstName, lastName] = watch([
    'slug',
    'password',
    'email',
    'name',
    'firstName',
    'lastName',
  ]);
  const errors = formState.errors;
  const focusFirstError = (fieldErrors: FieldErrors<SignupForm>) => {
    const first = formFields.find((field) => field in fieldErrors);
    if (first) setFocus(first);
  };

  const onSubmit = handleSubmit(async ({ confirmPassword: _, ...values }) => {
    setAlert(null);
    try {
      await signup.mutateAsync(values);
      // Shown before the session refetch below, so the signed-in redirect does not skip the confirmation.
      setCreated(true);
      await utils.invalidate();
    } catch (error) {
      // A taken slug or e-mail comes back as CONFLICT: under its field; anything not on a field in the alert.
      onFormError(
        { setError },
        formFields,
        ({ onFields }) => {
          if (onFields) return;
          const status = errorStatus(error);
          setAlert((error as Error).message || (status ? M.signup.failedWithStatus(status) : M.signup.failed));
        },
        {
          focus: true,
          fieldFor: ({ code, text }) =>
            code === 'CONFLICT' ? { field: text === M.signup.slugTaken ? 'slug' : 'email', message: text ?? '' } : null,
        },
      )(error);
    }
  }, focusFirstError);

  // Already signed in (and not the account just created here): sign-up has nothing to do.
  if (user && !created && !signup.isPending) return <Navigate to="/hub" replace />;

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
        <TextField
          label={M.signup.businessName}
          autoComplete="organization"
          autoFocus
          error={errors.name?.message}
          {...register('name')}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={M.signup.firstName}
            autoComplete="given-name"
            error={errors.firstName?.message}
            {...register('firstName')}
          />
          <TextField
            label={M.signup.lastName}
            autoComplete="family-name"
            error={errors.lastName?.message}
            {...register('lastName')}
          />
        </div>
        <TextField
          label={M.signup.email}
          type="email"
          autoComplete="email"
          error={errors.email?.message}
          {...register('email')}
        />
        <TextField
          label={M.signup.phone}
          type="tel"
          autoComplete="tel"
          error={errors.phone?.message}
          {...register('phone')}
        />
        <TextField
          label={M.signup.brandUrl}
          autoComplete="off"
          spellCheck={false}
          placeholder={M.shell.exampleSlug}
          error={errors.slug?.message}
          hint={
            <>
              {M.shell.portalPreview}{' '}
              <span className="font-mono text-slate-700">
                {window.location.host}/portal/{slug || M.shell.exampleSlug}
              </span>
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
        <TextField
          label={M.signup.password}
          type="password"
          autoComplete="new-password"
          error={errors.password?.message}
          hint={
            password ? (
              <PasswordStrengthMeter
                password={password}
                userInputs={[email, name, firstName, lastName, slug].map((v) => v.trim())}
              />
            ) : undefined
          }
          onFocus={preloadPasswordStrength}
          {...register('password')}
        />
        <TextField
          label={M.signup.confirmPassword}
          type="password"
          autoComplete="new-password"
          error={errors.confirmPassword?.message}
          {...register('confirmPassword')}
        />
        <Button type="submit" className="w-full" busy={signup.isPending}>
          {signup.isPending ? M.signup.submitting : M.signup.submit}
        </Button>
      </form>
    </AuthCard>
  );
}
