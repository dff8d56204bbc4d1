/**
 * What a prerendered page says where scripts are off and it cannot do its part (send a form,
 * confirm a link). Browsers show <noscript> only then; React renders its text at the build and
 * leaves it alone in the browser.
 */
export function NoScriptNote({ children }: { children: string }) {
  return (
    <noscript>
      <p className="rounded-2xl bg-sand/60 p-4 text-sm text-ink ring-1 ring-ink/10">{children}</p>
    </noscript>
  )
}
