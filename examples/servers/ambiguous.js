// @ts-check
/**
 * Planted property: an ambiguous parameter and error texts that say nothing. The ferry operator's
 * fleet tools take a string parameter named `vessel`, documented only as "The vessel.", but they
 * accept nothing except the vessel's numeric id written as digits ("5201"), which list_vessels
 * returns in a field `vesselId` beside the name: no field of the listing is called `vessel`, so
 * which of the two the parameter takes is left to the agent. A vessel's name, which the word
 * suggests just as well, is answered with "Invalid input." and an unknown id with "Error.". Neither
 * text names the parameter, the expected form or the tool that lists the ids. An agent that follows
 * a task's steps (list, then fetch for that entry) still has to choose the field, and meets it.
 * The route tools beside them are the well-made server's, helpful errors included.
 * Expected outcome (offline, stdio): a run that drives, with findings: argument misuse on `vessel`
 * of the fleet tools (a name where the plan used an id) and error-text findings on the same tools,
 * each citing the wire lines of the failed calls; and rewrite proposals for those tools.
 * With FERRY_TIMETABLE=1 in its environment it also lists get_timetable: the same server with
 * another surface, which a rerun of an earlier run refuses (the surface digests differ).
 * With FERRY_VESSEL_FIELD=vessel list_vessels gives the id in a field `vessel`, as it did when the
 * old-format runs of test/fixtures/suite-v1-run were made, so those runs can be rerun against it.
 * With FERRY_GATEWAY=1 a name is answered instead by its gateway's refusal, which echoes the
 * GitHub-token-shaped credential it forwarded (a secret a server returned, long enough that a
 * finding quoting the text at 80 characters would cut the token): the finding and the published
 * copy must not carry it.
 */
import { ambiguousServer } from './lib/ambiguous-server.js';
import { serve } from './lib/serve.js';

serve({
  factory: () =>
    ambiguousServer({
      gateway: process.env.FERRY_GATEWAY === '1',
      timetable: process.env.FERRY_TIMETABLE === '1',
      ...(process.env.FERRY_VESSEL_FIELD === 'vessel' ? { listedAs: 'vessel' } : {}),
    }),
});
