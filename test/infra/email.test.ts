/**
 * E-mail in the CDK stack: the sender from context values, `ses:SendEmail` on the sender's
 * identities for the functions that opt in (and nothing for the others), the environment the
 * mailer reads, cdk-nag still clean, and a clear refusal without a sender (a placeholder only for
 * looking at the template, which then refuses to deploy). Bundling is skipped:
 * these are assertions about configuration.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App, Aspects, type CfnElement } from 'aws-cdk-lib';
import { Annotations, Match, Template } from 'aws-cdk-lib/assertions';
import { AwsSolutionsChecks } from 'cdk-nag';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChoreQuestStack, EMAIL_SENDING_DOMAINS } from '../../infra/stacks/chorequest-stack';
import { MAIL_FROM_NOT_SET_ID, MAIL_FROM_PLACEHOLDER_CONTEXT, MISSING_SENDER_MESSAGE, PLACEHOLDER_MAIL_FROM, PLACEHOLDER_SENDER_WARNING } from '../../infra/stacks/email';
import { REPO_ROOT } from '../../infra/stacks/paths';
import type { Domain } from '../../shared/routes';

type Json = Record<string, any>;
let site: string;
const dirs: string[] = [];

beforeAll(() => {
  site = mkdtempSync(join(tmpdir(), 'chorequest-site-'));
  mkdirSync(join(site, 'assets'));
  writeFileSync(join(site, 'index.html'), '<!doctype html><title>test</title>');
  dirs.push(site);
});
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

function synth(context: Record<string, unknown>, emailDomains?: readonly Domain[]) {
  const outdir = mkdtempSync(join(tmpdir(), 'chorequest-cdk-out-'));
  dirs.push(outdir);
  const app = new App({ outdir, context: { 'aws:cdk:bundling-stacks': [], ...context } });
  const stack = new ChoreQuestStack(app, 'Mail', { siteDir: site, env: { account: '123456789012', region: 'eu-west-1' }, ...(emailDomains ? { emailDomains } : {}) });
  Aspects.of(app).add(new AwsSolutionsChecks({ verbose: true }));
  const annotations = Annotations.fromStack(stack);
  const template = Template.fromStack(stack);
  return { stack, template, annotations, resources: template.toJSON().Resources as Record<string, Json> };
}

const logicalId = (stack: ChoreQuestStack, c: { node: { defaultChild?: unknown } }) => stack.getLogicalId(c.node.defaultChild as CfnElement);

/** Every logical id a value points at (Ref, GetAtt, and ${X.Attr} inside Fn::Sub). */
function refs(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(refs);
  if (value && typeof value === 'object') {
    const o = value as Json;
    if (typeof o.Ref === 'string') return [o.Ref];
    if (Array.isArray(o['Fn::GetAtt'])) return [o['Fn::GetAtt'][0]];
    return Object.values(o).flatMap(refs);
  }
  return [];
}

/** The SES actions and resources granted to a role. */
function sesGrants(resources: Record<string, Json>, roleId: string) {
  return Object.values(resources)
    .filter((r) => r.Type === 'AWS::IAM::Policy' && refs(r.Properties.Roles).includes(roleId))
    .flatMap((p) => p.Properties.PolicyDocument.Statement as Json[])
    .filter((st) => [st.Action].flat().some((a: string) => a.startsWith('ses:')));
}

const identityArn = (name: string) => ({ 'Fn::Join': ['', ['arn:', { Ref: 'AWS::Partition' }, `:ses:eu-west-1:123456789012:identity/${name}`]] });
/** The SES configuration set every send names (decision 051): SES v2 checks SendEmail on it too. */
const configurationSetArn = (s: { stack: ChoreQuestStack }) => ({
  'Fn::Join': ['', ['arn:', { Ref: 'AWS::Partition' }, ':ses:eu-west-1:123456789012:configuration-set/', { Ref: logicalId(s.stack, s.stack.sesEvents!.configurationSet) }]],
});

describe('functions that send e-mail', () => {
  const context = { mailFrom: 'hello@chores.example.com', mailReplyTo: 'help@chores.example.com', mailIdentity: 'example.com' };
  let s: ReturnType<typeof synth>;
  beforeAll(() => {
    s = synth(context, ['auth']);
  });

  it('may send as the sender\'s identities only: the address, its domain and the named identity', () => {
    const grants = sesGrants(s.resources, logicalId(s.stack, s.stack.httpFunctions.get('auth')!.role));
    expect(grants).toEqual([
      {
        Effect: 'Allow',
        Action: 'ses:SendEmail',
        Resource: [identityArn('hello@chores.example.com'), identityArn('chores.example.com'), identityArn('example.com'), configurationSetArn(s)],
      },
    ]);
  });

  it('get the sender, the reply-to address and the app origin in their environment', () => {
    const fn = s.resources[logicalId(s.stack, s.stack.httpFunctions.get('auth')!.function)]!;
    const vars = fn.Properties.Environment.Variables;
    expect(vars.MAIL_FROM).toBe('hello@chores.example.com');
    expect(vars.MAIL_REPLY_TO).toBe('help@chores.example.com');
    expect(vars.APP_URL).toEqual({ 'Fn::Join': ['', ['https://', { 'Fn::GetAtt': [logicalId(s.stack, s.stack.distribution), 'DomainName'] }]] });
    expect(vars.SES_ENDPOINT).toBeUndefined();
    expect(vars.SES_CONFIGURATION_SET).toEqual({ Ref: logicalId(s.stack, s.stack.sesEvents!.configurationSet) });
  });

  it('leave every other function without e-mail; the report mailer (weekly reports) and the deletion worker send, the Sunday worker no longer does', () => {
    for (const [domain, fn] of s.stack.httpFunctions) {
      if (domain === 'auth') continue;
      expect(sesGrants(s.resources, logicalId(s.stack, fn.role)), domain).toEqual([]);
      expect(s.resources[logicalId(s.stack, fn.function)]!.Properties.Environment.Variables.MAIL_FROM, domain).toBeUndefined();
    }
    for (const fn of [s.stack.weeklyJob.dispatcher, s.stack.weeklyJob.worker, s.stack.familyDeletion.sweeper]) expect(sesGrants(s.resources, logicalId(s.stack, fn.role)), fn.node.path).toEqual([]);
    expect(s.resources[logicalId(s.stack, s.stack.weeklyJob.worker.function)]!.Properties.Environment.Variables.MAIL_FROM).toBeUndefined();
    const authGrants = sesGrants(s.resources, logicalId(s.stack, s.stack.httpFunctions.get('auth')!.role));
    for (const fn of [s.stack.reportMail.mailer, s.stack.familyDeletion.worker]) {
      // The report mailer also reads the sending quota (ses:GetAccount on "*", decision 050); its SendEmail is the same.
      const grants = sesGrants(s.resources, logicalId(s.stack, fn.role));
      expect(grants.filter((st) => st.Action !== 'ses:GetAccount'), fn.node.path).toEqual(authGrants);
      expect(grants.filter((st) => st.Action === 'ses:GetAccount')).toEqual(fn === s.stack.reportMail.mailer ? [{ Action: 'ses:GetAccount', Effect: 'Allow', Resource: '*' }] : []);
      expect(s.resources[logicalId(s.stack, fn.function)]!.Properties.Environment.Variables.MAIL_FROM).toBe('hello@chores.example.com');
    }
  });

  it('are, by default, exactly the auth, account and family functions and the two workers', () => {
    const all = synth(context);
    const senders = [...all.stack.httpFunctions].filter(([, fn]) => sesGrants(all.resources, logicalId(all.stack, fn.role)).length).map(([d]) => d);
    expect(senders.sort()).toEqual([...EMAIL_SENDING_DOMAINS].sort());
    expect([...EMAIL_SENDING_DOMAINS].sort()).toEqual(['account', 'auth', 'family']);
  });

  it('keep cdk-nag clean', () => {
    const findings = [...s.annotations.findError('*', Match.stringLikeRegexp('AwsSolutions-.*')), ...s.annotations.findWarning('*', Match.stringLikeRegexp('AwsSolutions-.*'))];
    expect(findings.map((f) => `${f.id}: ${String(f.entry.data)}`)).toEqual([]);
  });

  it('do not make the template circular (the functions point at CloudFront, CloudFront at the API)', () => {
    const graph = new Map(Object.entries(s.resources).map(([id, r]) => [id, new Set([...refs(r.Properties), ...[r.DependsOn ?? []].flat()].filter((d) => d in s.resources))]));
    const state = new Map<string, 'visiting' | 'done'>();
    const visit = (id: string, path: string[]): void => {
      if (state.get(id) === 'done') return;
      if (state.get(id) === 'visiting') throw new Error(`cycle: ${[...path, id].join(' -> ')}`);
      state.set(id, 'visiting');
      for (const d of graph.get(id)!) visit(d, [...path, id]);
      state.set(id, 'done');
    };
    for (const id of graph.keys()) visit(id, []);
  });

  it('take the app origin from appUrl with a custom domain, and sandbox recipients from mailSandboxRecipients', () => {
    const custom = synth({ ...context, appUrl: 'https://chores.example.com', mailSandboxRecipients: 'me@example.org, you@example.net' }, ['auth']);
    const auth = custom.stack.httpFunctions.get('auth')!;
    expect(custom.resources[logicalId(custom.stack, auth.function)]!.Properties.Environment.Variables.APP_URL).toBe('https://chores.example.com');
    expect(sesGrants(custom.resources, logicalId(custom.stack, auth.role))[0]!.Resource).toEqual([
      identityArn('hello@chores.example.com'),
      identityArn('chores.example.com'),
      identityArn('example.com'),
      identityArn('me@example.org'),
      identityArn('you@example.net'),
      configurationSetArn(custom),
    ]);
  });
});

describe('the sender setting', () => {
  it('is required as soon as a function sends, with a message that says what to do', () => {
    expect(() => synth({}, ['auth'])).toThrow(MISSING_SENDER_MESSAGE);
    expect(MISSING_SENDER_MESSAGE).toContain('-c mailFrom=');
    expect(MISSING_SENDER_MESSAGE).toContain('docs/deploy.md');
  });

  it('is required even with no API function sending: the Sunday worker and the deletion worker always send', () => {
    expect(() => synth({}, [])).toThrow(MISSING_SENDER_MESSAGE);
  });

  it('may be left out only to look at the template (npm run synth): a placeholder sender, a warning, and a template that refuses to deploy', () => {
    const s = synth({ [MAIL_FROM_PLACEHOLDER_CONTEXT]: 'true' }, ['auth']);
    const vars = s.resources[logicalId(s.stack, s.stack.httpFunctions.get('auth')!.function)]!.Properties.Environment.Variables;
    expect(vars.MAIL_FROM).toBe(PLACEHOLDER_MAIL_FROM);
    expect(PLACEHOLDER_MAIL_FROM).toMatch(/\.invalid$/);
    const warnings = s.annotations.findWarning('*', Match.stringLikeRegexp('placeholder'));
    expect(warnings.map((w) => String(w.entry.data))).toEqual([expect.stringContaining(PLACEHOLDER_SENDER_WARNING)]);
    // CloudFormation checks a template's rules before it creates or changes anything: this one always fails.
    const rules = s.template.toJSON().Rules as Record<string, Json>;
    expect(rules[MAIL_FROM_NOT_SET_ID]).toEqual({
      Assertions: [{ Assert: { 'Fn::Equals': [PLACEHOLDER_MAIL_FROM, 'a verified sender'] }, AssertDescription: MISSING_SENDER_MESSAGE }],
    });
    expect(s.annotations.findError('*', Match.anyValue())).toEqual([]);
  });

  it('given, wins over the placeholder flag: no placeholder, no warning, no rule', () => {
    const s = synth({ [MAIL_FROM_PLACEHOLDER_CONTEXT]: 'true', mailFrom: 'hello@chores.example.com' }, ['auth']);
    expect(s.resources[logicalId(s.stack, s.stack.httpFunctions.get('auth')!.function)]!.Properties.Environment.Variables.MAIL_FROM).toBe('hello@chores.example.com');
    expect(s.annotations.findWarning('*', Match.stringLikeRegexp('placeholder'))).toEqual([]);
    expect(s.template.toJSON().Rules?.[MAIL_FROM_NOT_SET_ID]).toBeUndefined();
  });

  it('is insisted on by npm run deploy: only npm run synth passes the placeholder flag', () => {
    const scripts = (JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
    expect(scripts.synth).toContain(`-c ${MAIL_FROM_PLACEHOLDER_CONTEXT}=true`);
    for (const [name, script] of Object.entries(scripts)) {
      if (name !== 'synth') expect(script, name).not.toContain(MAIL_FROM_PLACEHOLDER_CONTEXT);
    }
    expect(scripts.deploy).toContain('cdk deploy');
    const cdkJson = JSON.parse(readFileSync(join(REPO_ROOT, 'cdk.json'), 'utf8')) as { context?: Record<string, unknown> };
    expect(cdkJson.context?.[MAIL_FROM_PLACEHOLDER_CONTEXT]).toBeUndefined();
  });

  it.each([
    [{ mailFrom: 'not-an-address' }, /mailFrom must be one email address/],
    [{ mailFrom: 'ChoreQuest <hello@example.com>' }, /mailFrom must be one email address/],
    [{ mailFrom: 'a@example.com', mailReplyTo: 'a@b' }, /mailReplyTo must be one email address/],
    [{ mailFrom: 'a@example.com', mailIdentity: 'not a domain' }, /mailIdentity must be a domain/],
    [{ mailFrom: 'a@example.com', mailSandboxRecipients: 'x@example.com,nope' }, /mailSandboxRecipients must be email addresses/],
    [{ mailFrom: 'a@example.com', appUrl: 'http://chores.example.com' }, /appUrl must be an https origin/],
    [{ mailFrom: 'a@example.com', appUrl: 'https://chores.example.com/app' }, /appUrl must be an https origin/],
    [{ mailFrom: 42 }, /mailFrom must be a string/],
  ])('refuses %j', (context, error) => {
    expect(() => synth(context, ['auth'])).toThrow(error);
  });
});
