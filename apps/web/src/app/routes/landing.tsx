export default function LandingRoute() {
  return <main>Landing page</main>;
}
