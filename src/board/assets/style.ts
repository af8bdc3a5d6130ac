/**
 * The site's one stylesheet, served as a file (the CSP allows no inline style). Two colours are
 * reserved: the refusal colour marks our decision not to publish a number; the fault colour marks a
 * fact about the server (a failed probe). They are never swapped or reused for anything else.
 */
export const STYLESHEET = `
:root {
  --ink: #1d1d1f; --muted: #5f6368; --line: #d9dce1; --paper: #fff; --panel: #f6f7f9;
  --scored: #0b6e69; --band: #9fd3cf; --refusal: #5b3fa8; --refusal-bg: #f1ecfb;
  --fault: #b3261e; --fault-bg: #fdecea; --unknown: #6b6f76; --void: #7a5b00; --void-bg: #fff6d6;
  --mono: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace;
}
* { box-sizing: border-box; }
body { margin: 0; font: 15px/1.45 system-ui, -apple-system, "Segoe UI", sans-serif; color: var(--ink); background: var(--paper); }
header.site { display: flex; gap: 1.5rem; align-items: baseline; padding: .8rem 1.5rem; border-bottom: 1px solid var(--line); }
header.site .brand { font-weight: 700; font-size: 1.15rem; color: var(--ink); text-decoration: none; }
header.site nav a { margin-right: 1rem; color: var(--muted); }
main { padding: 1rem 1.5rem 3rem; max-width: 1500px; }
h1 { font-size: 1.5rem; margin: .4rem 0 .6rem; }
h2 { font-size: 1.2rem; margin: 1.6rem 0 .4rem; }
h3 { font-size: 1.02rem; margin: 1.1rem 0 .3rem; }
p { margin: .35rem 0; }
a { color: #1a5fb4; }
code, .mono { font-family: var(--mono); font-size: .88em; overflow-wrap: anywhere; }
.lede { color: var(--muted); max-width: 70rem; }
.legend { display: grid; grid-template-columns: max-content 1fr; gap: .25rem 1rem; background: var(--panel); border: 1px solid var(--line); border-radius: 6px; padding: .7rem 1rem; max-width: 70rem; }
.legend dt { font-weight: 600; }
.legend dd { margin: 0; }
.group { border-top: 2px solid var(--ink); margin-top: 2rem; }
.group-note, .statement { max-width: 70rem; }
.statement { font-weight: 600; }
table { border-collapse: collapse; width: 100%; }
th, td { text-align: left; vertical-align: top; padding: .5rem .6rem; border-bottom: 1px solid var(--line); }
th { font-size: .8rem; text-transform: uppercase; letter-spacing: .03em; color: var(--muted); font-weight: 600; }
td.server { min-width: 14rem; max-width: 22rem; }
td.result { min-width: 22rem; }
.server-name { font-weight: 700; }
.small, .meta { font-size: .82rem; color: var(--muted); }
svg.interval, svg.axis { display: block; width: 270px; height: 25px; }
svg.axis { height: 20px; }
svg .band { fill: var(--band); }
svg .plain-wilson { stroke: var(--ink); stroke-width: 0.6; opacity: 0.7; }
svg .point { fill: var(--scored); }
svg .grid { stroke: var(--line); stroke-width: .3; }
svg text { font-size: 4px; fill: var(--muted); }
.position { display: inline-block; min-width: 2.2rem; font-weight: 700; color: var(--scored); }
.tied { font-size: .8rem; color: var(--scored); border: 1px solid var(--scored); border-radius: 3px; padding: 0 .3rem; }
.overlap { font-size: .82rem; color: var(--muted); }
.outcome { display: inline-block; font-family: var(--mono); font-weight: 700; padding: .05rem .4rem; border-radius: 3px; }
.outcome.refused { color: var(--refusal); background: var(--refusal-bg); border: 1px solid var(--refusal); }
.outcome.scored { color: var(--scored); border: 1px solid var(--scored); }
.outcome.void { color: var(--void); background: var(--void-bg); border: 1px solid var(--void); }
.refusal-slot { border-left: 4px solid var(--refusal); padding-left: .6rem; }
.void-slot { border-left: 4px solid var(--void); padding-left: .6rem; }
details.why { margin-top: .35rem; }
details.why > summary { cursor: pointer; color: var(--refusal); font-weight: 600; }
details.why[open] { background: var(--panel); border: 1px solid var(--line); border-radius: 6px; padding: .4rem .7rem .7rem; }
.chips { display: flex; flex-wrap: wrap; gap: .25rem; }
.chip { display: inline-block; font-size: .78rem; border: 1px solid var(--line); border-radius: 999px; padding: 0 .5rem; background: var(--panel); white-space: nowrap; }
.chip.not-recorded { border-style: dashed; color: var(--muted); }
.siblings { font-size: .8rem; color: var(--muted); margin-top: .2rem; }
ol.attempts { font-size: .8rem; margin: .2rem 0 0; padding-left: 1.2rem; }
ol.attempts .outcome { font-size: .7rem; padding: 0 .25rem; }
.fault { color: var(--fault); font-weight: 600; }
.fault-chip { display: inline-block; color: var(--fault); background: var(--fault-bg); border: 1px solid var(--fault); border-radius: 3px; padding: 0 .3rem; font-size: .78rem; margin: .1rem .15rem 0 0; }
.unknown { color: var(--unknown); }
.pass { color: var(--scored); }
.missing { font-style: italic; color: var(--muted); }
.cost-kind { font-size: .8rem; color: var(--muted); }
table.facts { width: auto; margin: .3rem 0; }
table.facts th, table.facts td { padding: .2rem .6rem .2rem 0; border-bottom: 1px dotted var(--line); font-size: .9rem; text-transform: none; letter-spacing: 0; color: var(--ink); }
table.facts th { color: var(--muted); font-weight: 500; }
.cmp { font-family: var(--mono); }
.finding { margin: .3rem 0; }
section.block { margin-top: 1.4rem; }
.deciding { border: 2px solid var(--ink); border-radius: 8px; padding: .8rem 1rem; max-width: 70rem; }
.notes li { margin: .3rem 0; max-width: 70rem; }
.unreadable li { margin: .3rem 0; }
ol.ledger li { margin: .35rem 0; }
footer { color: var(--muted); font-size: .82rem; border-top: 1px solid var(--line); padding: 1rem 1.5rem; }
/* viewer */
body.viewer main { max-width: none; }
.viewer-bar { display: flex; flex-wrap: wrap; gap: .6rem 1rem; align-items: center; padding: .4rem 0; }
.viewer-bar label { font-size: .85rem; }
.signature { font-size: .85rem; padding: .2rem .5rem; border-radius: 4px; border: 1px solid var(--line); }
.signature.ok { color: var(--scored); border-color: var(--scored); }
.signature.bad { color: var(--fault); border-color: var(--fault); }
.signature.warn { color: var(--void); border-color: var(--void); }
p.signature { display: inline-block; margin: 0 0 .6rem; overflow-wrap: anywhere; }
.viewer-split { display: grid; grid-template-columns: minmax(0, 3fr) minmax(0, 2fr); gap: .8rem; }
.timeline { position: relative; height: 70vh; overflow-y: auto; border: 1px solid var(--line); border-radius: 6px; font-family: var(--mono); font-size: 12px; }
.timeline .spacer { position: relative; width: 100%; }
.timeline .row { position: absolute; left: 0; right: 0; height: 22px; line-height: 22px; padding: 0 .5rem; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; cursor: pointer; border-bottom: 1px solid #f0f1f3; }
.timeline .row.group-head { background: var(--panel); font-weight: 700; cursor: default; }
.timeline .row.error { color: var(--fault); }
.timeline .row.pending { background: var(--void-bg); }
.timeline .row.selected { outline: 2px solid #1a5fb4; outline-offset: -2px; }
.timeline .row.focus { background: #e8f0fe; }
.timeline .plane { display: inline-block; width: 6.5rem; color: var(--muted); }
.detail { height: 70vh; overflow: auto; border: 1px solid var(--line); border-radius: 6px; padding: .5rem .7rem; }
.detail pre { white-space: pre-wrap; overflow-wrap: anywhere; font-size: 12px; }
.dropzone { border: 2px dashed var(--line); border-radius: 6px; padding: .4rem .8rem; color: var(--muted); font-size: .85rem; }
.dropzone.over { border-color: #1a5fb4; color: #1a5fb4; }
.status { font-size: .85rem; color: var(--muted); }
.story { border: 1px solid var(--line); border-radius: 6px; padding: .3rem .9rem .6rem; margin: .4rem 0 .6rem; background: var(--panel); }
.story h2 { margin: .4rem 0; font-size: 1.1rem; }
.story-groups, .story-handshake { font-size: .9rem; }
details.phase { margin: .25rem 0; }
details.phase > summary { cursor: pointer; font-weight: 600; }
table.trials { font-size: .82rem; margin: .3rem 0 .6rem; }
table.trials td, table.trials th { padding: .15rem .5rem; }
.timebar { display: inline-flex; width: 12rem; height: .7rem; border: 1px solid var(--line); background: var(--paper); vertical-align: middle; }
.timebar .seg { display: block; height: 100%; }
.timebar .model { background: #7b61c9; }
.timebar .tool { background: var(--scored); }
.timebar .harness { background: #c8cbd0; }
.trial-head { font-size: .9rem; border-left: 4px solid #1a5fb4; padding-left: .6rem; }
.timeline .row.fold { color: var(--muted); font-style: italic; }
.compare { border: 1px solid var(--line); border-radius: 6px; padding: .3rem .9rem .6rem; margin-bottom: .6rem; }
#search-form { display: inline-flex; gap: .3rem; align-items: center; }
`;
