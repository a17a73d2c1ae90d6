export default function SignInPage() { return <h1 className="text-2xl font-semibold">Sign in</h1>; }
