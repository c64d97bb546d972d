import {
  Button,
  Checkbox,
  type FieldChecks,
  focusFirstInvalid,
  RadioGroup,
  TextField,
  useForm,
} from '@loadout/ui';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Link, useNavigate, signUp } from '@loadout/web';
import { toast } from 'sonner';
import { type SellerType, type SignUpRequest } from '@loadout/contracts';
import { errorMessage, fieldErrorsFrom } from '../api/errors';
import {
  FULL_NAME_MAX_LENGTH,
  PASSWORD_HINT,
  USERNAME_HINT,
  checkDateOfBirth,
  checkEmail,
  checkFullName,
  checkNewPassword,
  checkUsername,
  latestAllowedBirthDate,
} from './validation';

export const SIGN_UP_TEXTS = {
  agreementTitle: 'Agreement Required',
  agreementDescription:
    'You must accept the Terms of Service and Privacy Policy to create an account.',
  successTitle: 'Check your email',
  successDescription: 'We sent you a confirmation link.',
  created:
    'Account created successfully! Please check your email and verify your account before signing in.',
  failedTitle: 'Signup failed',
  failedGeneric: 'Something went wrong. Please try again.',
} as const;

type SignUpField = 'fullName' | 'username' | 'email' | 'password' | 'dateOfBirth';
const FIELD_ORDER = [
  'fullName',
  'username',
  'email',
  'password',
  'dateOfBirth',
  'acceptTerms',
  'acceptPrivacy',
] as const;
const CHECKS: FieldChecks<SignUpField> = {
  fullName: checkFullName,
  username: checkUsername,
  email: checkEmail,
  password: checkNewPassword,
  dateOfBirth: (value) => checkDateOfBirth(value),
};
const EMPTY: Record<SignUpField, string> = {
  fullName: '',
  username: '',
  email: '',
  password: '',
  dateOfBirth: '',
};

const SELLER_OPTIONS = [
  { value: 'private', label: 'Private seller', hint: 'You sell your own gear now and then.' },
  {
    value: 'trader',
    label: 'Trader',
    hint: 'You sell as a business; buyers then have consumer rights against you.',
  },
] as const satisfies ReadonlyArray<{ value: SellerType; label: string; hint: string }>;

function NewTabLink({ to, children }: { to: string; children: string }) {
  return (
    <a href={to} target="_blank" rel="noopener noreferrer">
      {children}
      <span className="lo-visually-hidden"> (opens in a new tab)</span>
    </a>
  );
}

export interface SignUpConfirmationProps {
  email: string;
  onContinue: () => void;
  onCreateAnother: () => void;
}

/** Shown after a successful sign-up (seed §2): the address used and the two ways on. */
export function SignUpConfirmation({
  email,
  onContinue,
  onCreateAnother,
}: SignUpConfirmationProps) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <section className="account-confirmation" aria-labelledby="signup-done-title">
      <h2 id="signup-done-title" ref={headingRef} tabIndex={-1}>
        Account created
      </h2>
      <p>{SIGN_UP_TEXTS.created}</p>
      <p>
        We sent a verification link to <strong className="account-email">{email}</strong>.
      </p>
      <p className="lo-muted">
        The link is valid for a limited time. No email? Check your spam folder, or sign in and
        choose &ldquo;Resend verification email&rdquo;.
      </p>
      <div className="account-actions">
        <Button onClick={onContinue}>Continue to Sign In</Button>
        <Button variant="secondary" onClick={onCreateAnother}>
          Create Another Account
        </Button>
      </div>
    </section>
  );
}

export interface SignUpPanelProps {
  /** The Sign In tab's address (keeps the provider's `uid` when there is one). */
  signInPath: string;
}

/** The Sign Up tab: the registration form, then the confirmation view. */
export function SignUpPanel({ signInPath }: SignUpPanelProps) {
  const navigate = useNavigate();
  const formRef = useRef<HTMLFormElement>(null);
  const form = useForm(EMPTY, CHECKS);
  const [sellerType, setSellerType] = useState<SellerType>('private');
  const [acceptTerms, setAcceptTerms] = useState(false);
  const [acceptPrivacy, setAcceptPrivacy] = useState(false);
  const [agreementTried, setAgreementTried] = useState(false);
  const [createdEmail, setCreatedEmail] = useState<string | null>(null);
  const focusAfterReset = useRef(false);
  const agreed = acceptTerms && acceptPrivacy;

  const mutation = useMutation({
    mutationFn: (body: SignUpRequest) => signUp(body),
    retry: false,
    onSuccess: (answer, body) => {
      toast.success(SIGN_UP_TEXTS.successTitle, { description: SIGN_UP_TEXTS.successDescription });
      setCreatedEmail(answer?.email || body.email);
    },
    onError: (error) => {
      toast.error(SIGN_UP_TEXTS.failedTitle, {
        description: errorMessage(error, SIGN_UP_TEXTS.failedGeneric),
      });
      const fieldErrors = fieldErrorsFrom(error, FIELD_ORDER);
      form.setServerErrors(fieldErrors);
      focusFirstInvalid(formRef.current, FIELD_ORDER, fieldErrors);
    },
  });

  useEffect(() => {
    if (createdEmail === null && focusAfterReset.current) {
      focusAfterReset.current = false;
      formRef.current?.querySelector<HTMLInputElement>('input[name="fullName"]')?.focus();
    }
  }, [createdEmail]);

  if (createdEmail !== null) {
    return (
      <SignUpConfirmation
        email={createdEmail}
        onContinue={() => void navigate(signInPath)}
        onCreateAnother={() => {
          form.reset();
          setSellerType('private');
          setAcceptTerms(false);
          setAcceptPrivacy(false);
          setAgreementTried(false);
          mutation.reset();
          focusAfterReset.current = true;
          setCreatedEmail(null);
        }}
      />
    );
  }

  const agreementErrors = {
    acceptTerms:
      agreementTried && !acceptTerms ? 'Tick this box to accept the Terms of Service.' : undefined,
    acceptPrivacy:
      agreementTried && !acceptPrivacy ? 'Tick this box to accept the Privacy Policy.' : undefined,
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (mutation.isPending) return;
    const fieldsOk = form.validate();
    if (!agreed) {
      setAgreementTried(true);
      toast.error(SIGN_UP_TEXTS.agreementTitle, {
        description: SIGN_UP_TEXTS.agreementDescription,
      });
    }
    if (!fieldsOk || !agreed) {
      focusFirstInvalid(formRef.current, FIELD_ORDER, {
        ...form.clientErrors,
        acceptTerms: acceptTerms ? undefined : 'x',
        acceptPrivacy: acceptPrivacy ? undefined : 'x',
      });
      return;
    }
    const { values } = form;
    mutation.mutate({
      fullName: values.fullName.trim(),
      username: values.username.trim(),
      email: values.email.trim(),
      password: values.password,
      dateOfBirth: values.dateOfBirth,
      over18: true,
      acceptTerms: true,
      acceptPrivacy: true,
      sellerType,
    });
  };

  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={onSubmit}
      aria-label="Sign up"
      className="account-form"
    >
      <p className="lo-muted">All fields are required.</p>
      <TextField
        {...form.field('fullName')}
        label="Full name"
        autoComplete="name"
        required
        maxLength={FULL_NAME_MAX_LENGTH}
      />
      <TextField
        {...form.field('username')}
        label="Username"
        hint={USERNAME_HINT}
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        required
        maxLength={30}
      />
      <TextField
        {...form.field('email')}
        label="Email"
        type="email"
        autoComplete="email"
        inputMode="email"
        required
      />
      <TextField
        {...form.field('password')}
        label="Password"
        type="password"
        hint={PASSWORD_HINT}
        autoComplete="new-password"
        required
      />
      <TextField
        {...form.field('dateOfBirth')}
        label="Date of birth"
        type="date"
        hint="Loadout is for adults aged 18 and over."
        autoComplete="bday"
        min="1900-01-01"
        max={latestAllowedBirthDate()}
        required
      />
      <RadioGroup
        inline
        legend="Seller type"
        name="sellerType"
        options={SELLER_OPTIONS}
        value={sellerType}
        onChange={setSellerType}
      />
      <div className="account-agreements">
        <Checkbox
          name="acceptTerms"
          label="I accept the Terms of Service"
          hint={<NewTabLink to="/terms">Read the Terms of Service</NewTabLink>}
          checked={acceptTerms}
          onChange={(event) => setAcceptTerms(event.target.checked)}
          error={agreementErrors.acceptTerms}
          required
        />
        <Checkbox
          name="acceptPrivacy"
          label="I accept the Privacy Policy"
          hint={<NewTabLink to="/privacy">Read the Privacy Policy</NewTabLink>}
          checked={acceptPrivacy}
          onChange={(event) => setAcceptPrivacy(event.target.checked)}
          error={agreementErrors.acceptPrivacy}
          required
        />
      </div>
      {/* aria-disabled, not disabled: the button stays focusable and a click explains why. */}
      <Button
        type="submit"
        block
        loading={mutation.isPending}
        aria-disabled={agreed ? undefined : true}
        className={agreed ? undefined : 'account-button--inactive'}
      >
        Create Account
      </Button>
      {!agreed ? (
        <p className="lo-muted account-form__aside">
          Accept the Terms of Service and Privacy Policy to create your account.
        </p>
      ) : null}
      <p className="account-form__aside">
        Already have an account? <Link to={signInPath}>Sign in</Link>
      </p>
    </form>
  );
}
