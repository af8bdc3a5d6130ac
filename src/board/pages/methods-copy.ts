import { html, type SafeHtml } from '../html.js';

/** The standing explanations on the methods page, in our own words. */

export const WHAT_IT_MEASURES = html`<section class="block" id="scope"><h2>What the number is, and what it is not</h2>
<p>The published number is the share of drive trials in which the runner model finished a generated task on its first try through the server: the final answer passed its check, no tool call in the trial came back as an error, and the agent stayed within its step, token and time budget. It is drawn as a Wilson 95% interval, because at these sample sizes the interval is the finding and the point inside it is only a summary.</p>
<p>This is not a protocol conformance verdict: the official MCP conformance suite answers that question and is worth running alongside. It is not a ranking of models either. It compares servers, and only servers measured with the same runner model and the same task generator.</p>
</section>`;

export const GATE_ORDER = html`<section class="block" id="gates"><h2>The order of the gates</h2>
<p>Cheap checks run first, and the first refusal ends the run, so an invalid measurement never spends model budget. Free checks come first (the surface is listed, enough candidates pass admission, no task carries its answer, the suite reaches the minimum size, and the registration’s power is written down). Then the three null baselines run at low cost. Only then does the paid reference agent run, and only after it passes does the runner drive the suite. A baseline that cannot be decided stops the run just as a kill does. A refused record carries no score at all, only the gate, its counts and its reason.</p>
</section>`;

export const FAMILIES = html`<section class="block" id="families"><h2>How to read each refusal</h2>
<h3 id="family-null">Null baseline: DEGENERATE (noise_exceeds_signal) and INDETERMINATE</h3>
<p>Three stand-ins run the suite without the server’s help: a model with no tools, a model whose tool calls all come back empty, and a model whose tool arguments are replaced with random valid ones. The 95th percentile of their rates (T_null) must stay below half of the signal S. The panel shows all three rates, T_null, S with where it came from (the ceiling of 1 before any paid call, then the reference agent’s rate, then the first-try rate) and the line between them. A kill means the tasks could be solved without the server: it says our task generator wrote questions a model can answer unaided. It says nothing bad about the server. INDETERMINATE means part of that comparison was never measured, or the signal was zero.</p>
<h3 id="family-surface">Thin surface: INSUFFICIENT_SURFACE</h3>
<p>The panel counts every candidate task the generator proposed, how many passed admission, the rule behind each rejection, how many the null screen deleted, how many were held in reserve and how many were trimmed as surplus, then sets the admission rate against its floor and the suite size against the minimum of 8. Rejected, deleted and trimmed are different fates and are never added together. Records whose generator did not keep per-candidate reasons state that gap instead of a breakdown. Neither floor is ever lowered to let a run through.</p>
<h3 id="family-screen">Screen emptied the suite: DEGENERATE (all_candidates_null_answerable)</h3>
<p>When enough candidates were generated but the generation-time screen deleted so many that the suite fell below the minimum, the record refuses with its own reason and shows the screen ledger. The finding is that a model without the server could answer the tasks, not that the server has too few tools.</p>
<h3 id="family-construct">Reference agent: GATE_FAILED at construct</h3>
<p>A reference agent is given the plan and the answer key and must still reach the key through the server at a rate of at least the registered threshold (0.90 by default). The panel prints its passes and trials, the exact binomial p-value, the Wilson interval, the power at this sample size, the extension sequence, and what the wire tape shows: how many tool calls were recorded, how many returned errors, and how many requests never received a response. Unanswered requests are a fact about the server, read from the recorded counts.</p>
<h3 id="family-compromised">COMPROMISED</h3>
<p>Oracle errors (reference trials that never completed: transport failures, timeouts, model API errors) are counted beside the sample instead of being dropped from it. When they exceed the registered share of all trials (5% by default) the run refuses: the measurement did not complete, which is not a verdict about the server.</p>
<h3 id="family-extend">EXTEND_EXHAUSTED</h3>
<p>A rate gate can land between pass and fail. The pre-registration fixes, before any paid call, how many extension batches the run may buy and how large they are. A gate still unresolved after the last batch fails (GATE_FAILED, unresolved_after_max_extensions). EXTEND_EXHAUSTED is reserved for a registration that bought no batch at all, so there was nothing to spend. Records written before the extension protocol existed carry a zero policy with no batch size, no protocol statement and no ledger; they cannot be told apart from a registration that chose zero, and each such record says so itself. Their counts are kept exactly as measured.</p>
<h3 id="family-leak">Answer leak: GATE_FAILED at answer_leak</h3>
<p>A registered task whose prompt carries its own answer would pass without the server, so the run refuses and lists each leaking task.</p>
<h3 id="family-void">VOID</h3>
<p>A run that could not complete its registered size (the target died, the run crashed or was aborted, or a budget cap was hit) publishes its record as VOID with what did complete. It is shown like any other run and never dropped.</p>
</section>`;

export const SCREEN_AND_EXTENSIONS = html`<section class="block" id="screen"><h2>The generation-time screen, and its bias</h2>
<p>Newer runs put every admitted candidate to the runner model once, with no tools and no server, and delete the candidates it answers correctly before the suite is hashed. Deleted candidates are counted on each record and are not generator failures. The screen biases one thing in one direction: the run-time null baseline of a screened suite reads lower than it would on an unscreened one, because the easy-without-the-server tasks are already gone. The gate’s ratio, percentile and halting rule are unchanged and a screened suite can still be killed, but a passed baseline on a screened row is weaker evidence than on an unscreened row. Every row therefore says which it is.</p>
<h2 id="extensions">Extensions are not second chances</h2>
<p>Batch size and the number of batches are registered before the first paid call. An unresolved gate spends the next registered batch; it is never re-run until it looks decisive. Each record prints the sequence: the verdict at the registered size, each batch as tasks added and trials added (two different numbers, since each task runs at the registered reps), the pool before and after, and the verdict after.</p>
<h2 id="attempts">More than one run of a server</h2>
<p>Each run generates its own suite under its own hash, so two runs of one server are two measurements. Every run is its own row with its attempt number and links to its siblings, wherever they sit. Nothing is best-of: no run replaces, hides or absorbs another.</p>
</section>`;

export const READING = html`<section class="block" id="reading"><h2>Reading intervals and positions</h2>
<p>Rows are listed by their point estimate, but the position printed beside a row only drops when some other row’s whole interval lies above its whole interval. Rows nothing separates share a position and are marked tied, and a lower row whose interval still overlaps one placed above says so. When no pair in a group is separated, the group says in words that nothing separates its rows. Intervals are computed once, in the run record; the site only draws them.</p>
<h2 id="probes">Protocol probes</h2>
<p>Probes are deterministic, spend no tokens and run before anything else, so refused runs report them too. Spec currency is the protocol revision the connection actually negotiated, shown with its era as a value and never counted among the checks: only a revision older than the newest of its era (2025-11-25 for the legacy era, 2026-07-28 for the modern one) is a finding. Protocol hygiene counts the other probe checks that passed out of those that could be checked, and separately how many could not be checked on this connection; an unknown is never counted as a pass. A failed probe is a fact about the server and is shown in the fault colour, never in the refusal colour.</p>
<h2 id="conformance">Conformance, run alongside</h2>
<p>The conformance column is the official MCP conformance suite’s own verdict, run beside each measurement and kept apart from it: it never changes the probes, the gates or the score. A check that exercises one of the suite’s own reference fixtures (a tool, prompt or resource only its reference server has) and that the server does not list is counted as not applicable, whatever the suite said; for a stdio server the suite reaches it through a loopback bridge the harness starts, so the suite’s checks of the HTTP transport itself are not applicable there either. Each record names the suite version that ran.</p>
<h2 id="drift">Drift between attempts</h2>
<p>Each record keeps the server’s reported version, the npm package version it ran from when it ran from one, and the digest of its tool list. When attempts of one server differ in any of them, each of those rows says so: the attempts are measurements of different servers under one name.</p>
<h2 id="credentials">Credentials</h2>
<p>Each row names the credential it was collected under (anonymous, free-key or owner-key). Servers can expose different tools to different credentials, so these are labelled, never merged.</p>
<h2 id="evidence">Evidence</h2>
<p>Findings link to the tape lines behind them. Each run publishes its wire tape (the MCP JSON-RPC traffic) and its agent tape (the runner’s turns), and the judge tape when there is one, with permissive cross-origin headers and an immutable cache. The viewer fetches them only when opened, and shows whether the run’s signature verified when the site was built.</p>
<h2 id="custody">What a reader can check</h2>
<p>Every run is signed by its publisher’s key (Ed25519, a DSSE envelope in <code>signature.json</code>) over a manifest that lists every file of the run with its length and sha256, the run id and the suite hash; a file the manifest does not list is a finding, and no symbolic link is followed. <code>fitness-report verify RUN_DIR</code> (or the published run’s URL) names who signed and whether you trust that key (<code>--trust KEYFILE|FINGERPRINT</code>; the publisher prints theirs with <code>fitness-report key</code>), then recomputes every gate verdict, the intervals and the outcome from the stored counts, recounts those counts from the agent tape, and prints a table of each check.</p>
<p>The files this site publishes are redacted copies, never the originals, and no number is computed from them: secret-shaped strings a server or model returned (provider API keys, bearer tokens, JWTs, private key blocks, URL userinfo) became a marker naming the kind, media blobs a size note; keys, numbers and line structure are unchanged. Beside the run’s own <code>signature.json</code>, each published run has a <code>redaction.json</code>, signed by the board publisher, giving every copy’s digest and its original’s; <code>verify</code> checks both signatures and that every original digest is the one the run signer signed. The <a href="keys.html">keys page</a> lists every key and the runs each signed.</p>
<p>The pre-registration has two steps. <code>policy.json</code> (sizes, reps, thresholds, alphas, extension policy, models, generator, seed, credential) is written and hashed before the first model call of any kind, the judge’s and the screen’s included; <code>prereg.json</code> adds the registered suite and reserve hashes and names the policy’s hash before the first gate trial. The record carries both hashes and times, and verify checks them against the tapes’ own timestamps. Unless a run names <code>--seed</code>, its seed is fresh and random, so two runs of one server are two measurements with two suites.</p>
</section>`;

export const PANELS = html`<section class="block" id="panels"><h2>What each panel shows, and where its numbers come from</h2>
<p>Every number on the board and on a run’s page is one the run’s record holds, printed with one rounding rule (rates as percentages to one decimal, p-values by magnitude, counts as they are); the site computes nothing of its own.</p>
<ul>
<li><strong>What decided this run</strong>: the outcome, the refusing gate and the reason the record carries, then one deciding sentence naming the evidence the decision stood on. A construct PASS stands on the Wilson 95% lower bound reaching the threshold, or, when the bound falls short, on the achieved power at the run’s own n reaching the planned power; the sentence says which, with both numbers. A FAIL stands on the exact p-value below α; a raw PASS with neither support prints both supports it missed. The numbers are the construct gate’s, and for a refusal they are also the refusal block at the top of record.json, copied from the gate and checked against it by the schema and by <code>verify</code>.</li>
<li><strong>Why refused</strong>: the refusing gate’s own numbers. The null panel links each null rate to the agent-tape lines of its passing answers. The surface panel counts each fate and lists every rejected candidate with its rule and detail, every candidate the screen deleted (with a link to the screen’s turns) and every one trimmed as surplus, the first five of each shown and the rest folded. The construct panel links each wire count (calls, error results, unanswered requests, JSON-RPC errors) to its first twenty tape lines.</li>
<li><strong>A refusal with nothing to buy</strong>: an EXTEND_EXHAUSTED row is explained from its own record: whether its policy was recorded, the batch size its pre-registration carries, its protocol statement and its extension ledger. Records written before the extension protocol keep the reason they were written with (<code>extend_exhausted</code>).</li>
<li><strong>Probe findings</strong>: each probe links to the tape lines behind it, or says why it cites none (a probe that did not apply sent nothing).</li>
<li><strong>Drive details</strong>: first-try, eventual, pass^k and pass@k as stored; each task’s trials open in the viewer by corr id, and each tool’s error count links to its failed calls.</li>
<li><strong>Method notes</strong>: a run’s own notes carry its own facts only; notes its generator writes into every run are below, once, and each record says how many it carries.</li>
</ul>
<p>Where the record does not cite the tape lines behind a count, the page says why rather than leaving the count bare.</p>
</section>`;

export const NOT_IN_NUMBERS = html`<section class="block" id="not-in-numbers"><h2>What is not in these numbers</h2>
<ul>
<li>A dollar figure is called a measured total only when the record says nothing known is missing from it. Otherwise it is printed as “at least” with each reason: a model with no price on file, calls that returned no usage, calls that failed before reporting any, usage marked partial, or spend that was never recorded (such as screen calls written to no tape). With nothing to support a figure, none is printed and the record says why. No flat per-run estimate is ever used.</li>
<li>A total summed from the published tapes is the runner’s spend, not the run’s: the judge that wrote the suite has its own tape, and generation-time screen calls may appear on none.</li>
<li>The first-try rate is about one runner model. Another runner, or another generator, produces a different measurement, which is why groups are never read against each other.</li>
<li>The heuristic runner used for offline runs is a lexical agent, not a language model: its rate shows how well a server’s tools describe themselves to word matching.</li>
<li>Protocol probes and the first-try rate are separate facts. A server can score well and fail probes, or pass every probe and be refused.</li>
</ul>
</section>`;

export function methodsIntro(): SafeHtml {
  return html`<h1>Methods</h1><p class="lede">How the board’s numbers and refusals are produced, the thresholds the runs registered, and the notes every run of a generator carries, published once.</p>`;
}
