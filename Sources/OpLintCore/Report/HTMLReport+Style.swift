extension HTMLReport {
    /// The page's only style sheet. Severities differ by symbol and word as well as colour
    /// (the colours are the drawings' colour-blind-safe palette); printing keeps the tables.
    static let style = """
    :root { --ink: #1b1b1b; --muted: #5a5a5a; --rule: #d8d8d8; --error: #b34700; --warning: #8a6d00; --note: #0063a6;
      --pass: #00734f; --band: #f6f6f4; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--ink); }
    body { margin: 0 auto; max-width: 1200px; padding: 0 24px 48px; line-height: 1.45; }
    header { border-bottom: 1px solid var(--rule); padding: 20px 0 8px; }
    h1 { font-size: 1.6rem; margin: 0 0 4px; overflow-wrap: anywhere; }
    h2 { font-size: 1.25rem; margin: 32px 0 8px; border-bottom: 1px solid var(--rule); padding-bottom: 4px; }
    h3 { font-size: 1.05rem; margin: 20px 0 6px; }
    nav a { margin-right: 14px; }
    a { color: #0057a3; }
    code, pre, .location { font-family: ui-monospace, "SF Mono", Menlo, Consolas, monospace; font-size: 0.9em; }
    code { overflow-wrap: anywhere; unicode-bidi: isolate; }
    .inputs { color: var(--muted); margin: 0 0 8px; }
    .verdict { font-size: 1.15rem; padding: 8px 12px; border-left: 6px solid; background: var(--band); }
    .verdict.fail { border-color: var(--error); }
    .verdict.fail .mark { color: var(--error); }
    .verdict.pass { border-color: var(--pass); border-left-style: double; }
    .verdict.pass .mark { color: var(--pass); }
    dl.counts { display: flex; flex-wrap: wrap; gap: 10px; margin: 12px 0; }
    dl.counts .count { border: 1px solid var(--rule); border-radius: 6px; padding: 6px 14px; min-width: 90px; }
    dl.counts dt { color: var(--muted); font-size: 0.85rem; }
    dl.counts dd { margin: 0; font-size: 1.35rem; font-weight: 600; }
    .count.error dd, tr.error .severity { color: var(--error); }
    .count.warning dd, tr.warning .severity { color: var(--warning); }
    .count.note dd, tr.note .severity { color: var(--note); }
    .stuck { color: var(--error); }
    .remark, .problem { color: var(--muted); font-style: italic; }
    pre { background: var(--band); padding: 10px 12px; overflow-x: auto; white-space: pre; }
    table { border-collapse: collapse; width: 100%; font-size: 0.9rem; margin: 8px 0; }
    th, td { border-bottom: 1px solid var(--rule); padding: 5px 8px; text-align: left; vertical-align: top; }
    th { background: var(--band); position: sticky; top: 0; }
    td.number, th.number { text-align: right; font-variant-numeric: tabular-nums; }
    td .message { overflow-wrap: anywhere; }
    .severity { white-space: nowrap; font-weight: 600; }
    ul.details { margin: 4px 0 0; padding-left: 18px; color: var(--muted); }
    ul.details .label { font-weight: 600; }
    ul.details .fix { color: var(--ink); }
    ol.critical-path { padding-left: 24px; }
    details.critical-path summary { cursor: pointer; margin: 20px 0 6px; }
    details.critical-path summary h3 { display: inline; margin: 0; }
    tr.critical td:first-child { border-left: 4px solid #0072b2; }
    tr.stuck .state, tr.never-started .state { color: var(--error); font-weight: 600; }
    tr.cancelled { color: var(--muted); }
    .tag { font-size: 0.75rem; border: 1px solid #0072b2; color: #0072b2; border-radius: 4px; padding: 0 4px; white-space: nowrap; }
    figure { margin: 0; }
    .drawing-box { overflow: auto; max-height: 85vh; border: 1px solid var(--rule); border-radius: 6px; background: white; }
    svg.drawing { display: block; }
    #timeline svg.drawing { max-width: 100%; height: auto; }
    figcaption { color: var(--muted); font-size: 0.85rem; margin-top: 4px; }
    details.suppressed { margin-top: 12px; }
    footer { margin-top: 40px; color: var(--muted); font-size: 0.8rem; }
    @media print { .drawing-box { max-height: none; overflow: visible; border: 0; } th { position: static; } nav { display: none; } }

    """
}
