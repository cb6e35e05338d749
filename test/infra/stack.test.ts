/**
 * The CDK stack against its sources of truth: the route table, the table definition, and the
 * security settings we promised (ARCHITECTURE.md). Synthesized once, in this process (the
 * assertions need the construct objects for logical ids), without bundling the functions: every
 * assertion here is about the template, the construct tree and the staged site files, none about a
 * bundle's contents, and CDK stages the site assets and writes the same template either way (only
 * the functions' asset hashes differ). The bundles themselves are built and run by
 * deployed-bundles.test.ts, from the real `cdk synth` a deploy runs.
 *
 * One file, one synth (about 50 s on 2 cores): the checks are split by concern into test/infra/stack/
 * (the API, table and functions; the jobs and alarms; the site, edge and mail), which this file runs
 * on the stack support/stack-synth.ts synthesizes in its beforeAll.
 */
import { afterAll, beforeAll } from 'vitest';
import { removeStackDirs, synthesizeStack } from './support/stack-synth';
import './stack/api-table-functions';
import './stack/jobs-and-alarms';
import './stack/site-edge-mail';

beforeAll(synthesizeStack);

afterAll(removeStackDirs);
