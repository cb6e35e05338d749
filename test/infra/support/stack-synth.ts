/**
 * The stack of stack.test.ts, synthesized once in the test's process (`synthesizeStack`, its
 * beforeAll) without bundling, and what the checks in test/infra/stack/*.ts read of it: the construct
 * objects, the template, its resources and annotations (live bindings, set by the synth), and helpers
 * over them.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App, Aspects, type CfnElement } from 'aws-cdk-lib';
import { Annotations, Template } from 'aws-cdk-lib/assertions';
import { AwsSolutionsChecks } from 'cdk-nag';
import type { IConstruct } from 'constructs';
import { ChoreQuestStack } from '../../../infra/stacks/chorequest-stack';
import { DOMAINS, ROUTES, type Domain } from '../../../shared/routes';

export type Json = Record<string, unknown>;
export interface Resource {
  Type: string;
  Properties: Json;
  DeletionPolicy?: string;
  UpdateReplacePolicy?: string;
}

export const CACHING_DISABLED = '4135ea2d-6df8-44a3-9df3-4b5a84be39ad';
/** Managed CachingOptimized: honours the origin's Cache-Control (1 s to 1 year), gzip and brotli in the cache key. */
export const CACHING_OPTIMIZED = '658327ea-f89d-4fab-a63d-7e88639e58f6';
export const ALL_METHODS = ['DELETE', 'GET', 'HEAD', 'OPTIONS', 'PATCH', 'POST', 'PUT'];
export const domainsWithRoutes = DOMAINS.filter((d) => ROUTES.some((r) => r.domain === d));

export let stack: ChoreQuestStack;
export let template: Template;
export let annotations: Annotations;
export let resources: Record<string, Resource>;
export let cdkOut: string;
export const tempDirs: string[] = [];

/** Every logical id a CloudFormation value points at through Ref or Fn::GetAtt. */
export function referencedIds(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(referencedIds);
  if (value && typeof value === 'object') {
    const obj = value as Json;
    if (typeof obj.Ref === 'string') return [obj.Ref];
    const getAtt = obj['Fn::GetAtt'];
    if (Array.isArray(getAtt) && typeof getAtt[0] === 'string') return [getAtt[0]];
    return Object.values(obj).flatMap(referencedIds);
  }
  return [];
}

export const ofType = (type: string): [string, Resource][] => Object.entries(resources).filter(([, r]) => r.Type === type);
/** The roles allowed sqs:SendMessage on a queue. */
export const sendersTo = (queue: IConstruct): string[] =>
  ofType('AWS::IAM::Policy')
    .filter(([, p]) =>
      ((p.Properties.PolicyDocument as Json).Statement as Json[]).some(
        (st) => ([st.Action].flat() as string[]).includes('sqs:SendMessage') && referencedIds(st.Resource).includes(logicalId(queue)),
      ),
    )
    .flatMap(([, p]) => referencedIds(p.Properties.Roles))
    .sort();
/** The logical id of an L2 construct's CloudFormation resource. */
export const logicalId = (construct: IConstruct): string => stack.getLogicalId(construct.node.defaultChild as CfnElement);
export const logicalIdOf = (fnDomain: Domain): string =>
  logicalId(stack.httpFunctions.get(fnDomain)!.function);
export const jobFunctions = () => [stack.weeklyJob.dispatcher, stack.weeklyJob.worker, stack.familyDeletion.worker, stack.familyDeletion.sweeper, stack.reportMail.mailer];
export const jobLogicalIds = (): string[] => jobFunctions().map((fn) => logicalId(fn.function));
/** Every function that sends e-mail needs a sender: an example one here (decision 030). */
export const MAIL_CONTEXT = { mailFrom: 'hello@chorequest.example' } as const;
/** Bundling skipped for every stack (the header says why); the site assets are still staged. */
const NO_BUNDLING = { 'aws:cdk:bundling-stacks': [] as string[] };



/** The beforeAll of stack.test.ts: one synth of the whole stack, bundling skipped. */
export function synthesizeStack(): void {
  // Prepare: a fake web build, so the test does not depend on frontend/dist being built.
  const site = mkdtempSync(join(tmpdir(), 'chorequest-site-'));
  const outdir = mkdtempSync(join(tmpdir(), 'chorequest-cdk-out-'));
  tempDirs.push(site, outdir);
  mkdirSync(join(site, 'assets'));
  writeFileSync(join(site, 'index.html'), '<!doctype html><title>test</title>');
  writeFileSync(join(site, 'assets', 'app-abc123.js'), 'console.log(1)');
  // The build's precompressed copies, which only the local server uses.
  writeFileSync(join(site, 'assets', 'app-abc123.js.br'), 'br');
  writeFileSync(join(site, 'index.html.gz'), 'gz');
  cdkOut = outdir;

  const app = new App({ outdir, context: { ...MAIL_CONTEXT, ...NO_BUNDLING } });
  stack = new ChoreQuestStack(app, 'ChoreQuest', { siteDir: site });
  Aspects.of(app).add(new AwsSolutionsChecks({ verbose: true }));

  // Act: Annotations forces a synth; Template then reuses that assembly (one synth).
  annotations = Annotations.fromStack(stack);
  template = Template.fromStack(stack);
  resources = template.toJSON().Resources as Record<string, Resource>;
}

/** The afterAll of stack.test.ts. */
export function removeStackDirs(): void {
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
}
