import { Link, useLocation, useSearch } from 'wouter';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { useAuth, useDemoAccounts, useSignIn, type SignInInput } from '@/entities/session';
import { errorMessage } from '@/lib/api';
import { takeReturnTo } from '@/lib/login-redirect';
import { DemoAccountsCard } from './components/demo-accounts-card';
import { SignInForm } from './components/sign-in-form';

/** /sign-in: email + password form, and in demo mode the one-click demo accounts. */
export default function SignInPage() {
  const search = useSearch();
  const [, navigate] = useLocation();
  const { user } = useAuth();
  const demo = useDemoAccounts();
  const signIn = useSignIn();

  const submit = (input: SignInInput) => {
    signIn.mutate(input, { onSuccess: () => navigate(takeReturnTo(search), { replace: true }) });
  };

  if (user && !signIn.isPending && !signIn.isSuccess) {
    return (
      <Card className="mx-auto max-w-md">
        <CardContent className="grid gap-3 py-8 text-center">
          <p className="text-sm">
            You are signed in as <strong>{user.name}</strong> ({user.email}).
          </p>
          <Button asChild>
            <Link href="/">Continue</Link>
          </Button>
        </CardContent>
      </Card>
    );
  }

  const showDemo = demo.isLoading || (demo.data?.accounts.length ?? 0) > 0;
  const pendingEmail = signIn.isPending ? signIn.variables.email : undefined;
  return (
    <div className="mx-auto max-w-5xl">
      <PageHeader title="Sign in" description="Access issuance, the marketplace and trading." />
      <div className={showDemo ? 'grid items-start gap-6 lg:grid-cols-2' : 'mx-auto max-w-md'}>
        <SignInForm
          onSubmit={submit}
          pending={signIn.isPending}
          error={signIn.isError ? errorMessage(signIn.error) : undefined}
        />
        {showDemo ? (
          <DemoAccountsCard
            accounts={demo.data?.accounts}
            isLoading={demo.isLoading}
            pendingEmail={pendingEmail}
            onChoose={(account) => demo.data && submit({ email: account.email, password: demo.data.password })}
          />
        ) : null}
      </div>
    </div>
  );
}
