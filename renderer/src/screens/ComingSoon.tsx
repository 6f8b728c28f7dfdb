export function ComingSoon({ title, what }: { title: string; what: string }) {
  return (
    <section className="screen" aria-labelledby="screen-title">
      <h1 id="screen-title">{title}</h1>
      <p className="coming-soon">Coming next: {what}</p>
    </section>
  );
}
