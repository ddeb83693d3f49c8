/**
 * The dashboard's stylesheet (served as /dashboard/assets/dashboard.css). Readable from a 375 px
 * phone to a desktop: tables scroll sideways inside their box, forms stack on narrow screens,
 * controls are at least 44 px high. Colours meet WCAG AA against their background; focus is
 * always visible. System fonts only: the dashboard loads nothing from elsewhere.
 */
export const DASHBOARD_CSS = `:root {
  color-scheme: light;
  --text: #1a1a1a;
  --muted: #595959;
  --background: #ffffff;
  --surface: #f5f6f8;
  --border: #c4c7cc;
  --link: #0b57d0;
  --accent: #1f5fad;
  --danger: #b3261e;
  --ok: #1b7a3d;
  --focus: #0b57d0;
}
*, *::before, *::after { box-sizing: border-box; }
html { font-size: 100%; -webkit-text-size-adjust: 100%; }
body {
  margin: 0;
  font-family: system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif;
  line-height: 1.5;
  color: var(--text);
  background: var(--background);
}
a { color: var(--link); }
a:hover { text-decoration-thickness: 2px; }
:focus-visible { outline: 3px solid var(--focus); outline-offset: 2px; }
main:focus { outline: none; }
code, .key-value { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace; }
code { font-size: 0.95em; }
h1 { font-size: 1.6rem; line-height: 1.25; margin: 0.5rem 0 1rem; overflow-wrap: anywhere; }
h2 { font-size: 1.25rem; margin: 2rem 0 0.75rem; }
.muted, .hint { color: var(--muted); }
.hint { display: block; font-size: 0.9rem; }
.visually-hidden {
  position: absolute !important; width: 1px; height: 1px; padding: 0; margin: -1px;
  overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; border: 0;
}
.skip-link { position: absolute; left: -9999px; top: 0.5rem; z-index: 10; padding: 0.5rem 1rem; background: var(--background); }
.skip-link:focus { left: 0.5rem; }

/* Header, navigation, footer */
.site-header {
  display: flex; flex-wrap: wrap; align-items: center; gap: 0.5rem 1.5rem;
  padding: 0.75rem 1rem; border-bottom: 1px solid var(--border); background: var(--surface);
}
.brand { margin: 0; font-weight: 700; font-size: 1.15rem; }
.brand a { color: var(--text); text-decoration: none; }
.brand span { color: var(--muted); font-weight: 400; }
.site-nav ul, .account-nav ul, .switch ul, .legend { list-style: none; margin: 0; padding: 0; display: flex; flex-wrap: wrap; gap: 0.25rem 1rem; }
.site-nav a, .account-nav a, .switch a { display: inline-block; padding: 0.6rem 0.25rem; }
[aria-current="page"] { font-weight: 700; color: var(--text); text-decoration-thickness: 3px; }
.session { display: flex; flex-wrap: wrap; align-items: center; gap: 0.5rem 1rem; margin-left: auto; }
.session p { margin: 0; }
.account-nav { border-bottom: 1px solid var(--border); margin-bottom: 1rem; }
.breadcrumb { margin: 0.5rem 0 0; color: var(--muted); }
main { display: block; max-width: 72rem; margin: 0 auto; padding: 1rem; }
.site-footer { max-width: 72rem; margin: 2rem auto 0; padding: 1rem; border-top: 1px solid var(--border); color: var(--muted); }

/* Messages */
.banner, .notice, .error { padding: 0.75rem 1rem; border-left: 4px solid; margin: 1rem 0; }
.banner, .error { background: #fdecea; border-color: var(--danger); }
.notice { background: #e8f3ea; border-color: var(--ok); }
.empty { padding: 1rem; background: var(--surface); }

/* Facts and tables */
.facts { display: grid; grid-template-columns: 1fr; gap: 0.25rem 2rem; margin: 0; }
.facts div { display: flex; flex-wrap: wrap; justify-content: space-between; gap: 0 1rem; padding: 0.4rem 0; border-bottom: 1px solid var(--border); }
.facts dt { color: var(--muted); }
.facts dd { margin: 0; font-weight: 600; }
.table-wrap { position: relative; overflow-x: auto; margin: 1rem 0; border: 1px solid var(--border); }
table { border-collapse: collapse; width: 100%; }
caption { text-align: left; padding: 0.5rem 0.75rem; color: var(--muted); }
th, td { padding: 0.5rem 0.75rem; text-align: left; vertical-align: top; border-top: 1px solid var(--border); }
thead th { background: var(--surface); border-top: 0; white-space: nowrap; }
td time, td code, .status { white-space: nowrap; }
.number { text-align: right; font-variant-numeric: tabular-nums; }
.status { display: inline-block; padding: 0 0.5rem; border-radius: 1rem; font-weight: 600; }
.status-ok { color: #14532d; background: #e3f1e6; }
.status-bad { color: #8c1d18; background: #fbe4e2; }
.status-wait { color: #5c4400; background: #fdf3d7; }
td form { margin: 0; }
td ol { margin: 0; padding-left: 1.25rem; }

/* Forms */
form.stacked { display: grid; gap: 1rem; max-width: 32rem; }
form.inline, form.filters, form.actions, p.inline, p.actions { display: flex; flex-wrap: wrap; align-items: flex-end; gap: 0.75rem 1rem; margin: 0.75rem 0; }
.field { display: flex; flex-direction: column; gap: 0.25rem; min-width: 12rem; }
label, legend { font-weight: 600; }
input[type="text"], input[type="date"], select {
  font: inherit; min-height: 44px; padding: 0.4rem 0.6rem; width: 100%;
  color: var(--text); background: var(--background); border: 1px solid #767676; border-radius: 4px;
}
fieldset { border: 1px solid var(--border); padding: 0.75rem 1rem; margin: 0; }
.checkboxes { display: flex; flex-wrap: wrap; gap: 0.5rem 1.25rem; }
.checkbox { display: flex; align-items: center; gap: 0.4rem; min-height: 44px; }
.checkbox input { width: 1.25rem; height: 1.25rem; margin: 0; }
.checkbox label { font-weight: 400; }
button, .button {
  font: inherit; font-weight: 600; min-height: 44px; padding: 0.5rem 1rem; border-radius: 4px; cursor: pointer;
  display: inline-flex; align-items: center; justify-content: center; text-decoration: none;
  color: #ffffff; background: var(--accent); border: 2px solid var(--accent);
}
button.secondary, .button.secondary { color: var(--accent); background: var(--background); }
button.danger, .button.danger { background: var(--danger); border-color: var(--danger); }
button:hover, .button:hover { filter: brightness(0.92); }
.session button { min-height: 36px; padding: 0.25rem 0.75rem; }

/* The key shown once */
.created-key { border: 2px solid var(--ok); background: #f1f8f2; padding: 0.5rem 1rem 1rem; margin: 1rem 0; }
.created-key h2 { margin-top: 0.5rem; }
.copy-row { display: flex; flex-wrap: wrap; gap: 0.5rem; }
.key-value { flex: 1 1 20rem; font-size: 1rem; }
.copy-status { min-height: 1.5em; margin: 0.5rem 0 0; }

/* Charts */
.chart { margin: 1rem 0; }
/* A chart wider than a phone scrolls; right-to-left makes it open at its right end, on the latest days. */
.chart-wrap { overflow-x: auto; direction: rtl; }
.chart-wrap svg { display: block; width: 100%; min-width: 560px; height: auto; direction: ltr; }
.chart text { fill: #333333; font-size: 11px; font-family: inherit; }
.legend { margin: 0.5rem 0; }
.legend li { display: inline-flex; align-items: center; gap: 0.35rem; }
.chart-data summary { cursor: pointer; padding: 0.6rem 0; color: var(--link); }
progress.quota { width: 100%; height: 1rem; margin-top: 0.75rem; accent-color: var(--accent); }
.strip { display: block; }
.summary { font-size: 1.1rem; }

@media (min-width: 48rem) {
  .facts { grid-template-columns: 1fr 1fr; }
  h1 { font-size: 1.9rem; }
}
@media (max-width: 36rem) {
  form.inline, form.filters, form.actions { flex-direction: column; align-items: stretch; }
  .field { min-width: 0; }
  .session { margin-left: 0; }
}
`;
