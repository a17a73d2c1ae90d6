export default function LandingPage() { return <h1 className="text-2xl font-semibold">Meridian</h1>; }
