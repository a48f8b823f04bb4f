import { useId, type ReactNode } from 'react';

/** The opening block of the marketing subpages (/features, /pricing): eyebrow, title, intro and an optional note. */
export function PageHero({
  eyebrow,
  title,
  intro,
  children,
}: {
  eyebrow: string;
  title: string;
  intro: string;
  children?: ReactNode;
}) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className="relative isolate overflow-hidden">
      <div aria-hidden="true" className="absolute inset-0 -z-10 bg-linear-to-b from-brand-50 via-white to-white" />
      <div
        aria-hidden="true"
        className="absolute -top-32 left-1/2 -z-10 h-80 w-[48rem] -translate-x-1/2 rounded-full bg-radial from-brand-200/50 to-transparent to-70% blur-2xl"
      />
      <div className="mx-auto max-w-3xl px-4 pt-14 pb-10 text-center sm:px-6 sm:pt-20 sm:pb-14 lg:px-8">
        <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">{eyebrow}</p>
        <h1
          id={titleId}
          className="mt-3 text-4xl font-extrabold tracking-tight text-balance text-slate-900 sm:text-5xl"
        >
          {title}
        </h1>
        <p className="mt-6 text-lg text-pretty text-slate-600">{intro}</p>
        {children}
      </div>
    </section>
  );
}
