/**
 * cdk-nag AwsSolutions findings we accept, each with the reason it does not apply here. Anything
 * not listed must be fixed, not suppressed: test/infra/stack.test.ts fails on any unsuppressed
 * AwsSolutions error or warning.
 */
import type { Stack } from 'aws-cdk-lib';
import { NagSuppressions } from 'cdk-nag';
import type { IConstruct } from 'constructs';
import { AppFunction } from './app-function';

const NODE22_REASON =
  'Node.js 22 is the runtime this project pins (esbuild target node22, ARCHITECTURE.md "Function defaults") and a supported Lambda LTS runtime; moving to a newer runtime is a deliberate upgrade, not drift.';

export function addNagSuppressions(stack: Stack): void {
  const child = (id: string): IConstruct => stack.node.findChild(id);

  // --- Our functions (AppFunction): one per domain plus the weekly job ---------------------------
  for (const fn of stack.node.findAll().filter((c): c is AppFunction => c instanceof AppFunction)) {
    NagSuppressions.addResourceSuppressions(fn.function, [{ id: 'AwsSolutions-L1', reason: NODE22_REASON }]);
    NagSuppressions.addResourceSuppressions(
      fn.role,
      [
        {
          id: 'AwsSolutions-IAM5',
          reason:
            'The table has GSIs (GSI1: a child\'s items, GSI2: weekly-run schedule) that the functions Query; "<table>/index/*" covers exactly this table\'s indexes, and the actions are item-level only (no Scan, no table management).',
          appliesTo: [{ regex: '/^Resource::<Table[A-Za-z0-9]*\\.Arn>\\/index\\/\\*$/g' }],
        },
      ],
      true,
    );
  }

  // --- HTTP API ----------------------------------------------------------------------------------
  NagSuppressions.addResourceSuppressions(
    child('Api'),
    [
      {
        id: 'AwsSolutions-APIG4',
        reason:
          'Authorization happens in each Lambda from the route table\'s access column (shared/routes.ts): an HS256-signed, HttpOnly, Secure, SameSite session cookie verified by functions/lib/http.ts, plus an Origin/Sec-Fetch-Site check on unsafe methods. Sign-up, sign-in and sign-out are public by design. A Lambda authorizer would repeat the same check and add latency.',
      },
    ],
    true,
  );

  // --- Session key ---------------------------------------------------------------------------------
  NagSuppressions.addResourceSuppressions(child('SessionSecret'), [
    {
      id: 'AwsSolutions-SMG4',
      reason:
        'The secret is an HMAC key for session cookies, not a credential to another system; rotating it signs every parent and child out (sessions last 7 days). Rotation is a manual, announced operation (docs/deploy.md), not a schedule.',
    },
  ]);

  NagSuppressions.addResourceSuppressions(child('OriginSecret'), [
    {
      id: 'AwsSolutions-SMG4',
      reason:
        'The value CloudFront adds to API requests so the API answers only through the distribution. CloudFormation resolves it into the origin configuration at deploy time, so rotating means a new value and a redeploy (docs/deploy.md); the functions reload it when a request carries a value they do not know.',
    },
  ]);

  NagSuppressions.addResourceSuppressions(child('LinkSecret'), [
    {
      id: 'AwsSolutions-SMG4',
      reason:
        'The secret is an HMAC key for the weekly report\'s unsubscribe links, not a credential to another system; rotating it makes the links in mails already sent stop working (a parent can still turn the report off in the account settings). Rotation is a manual operation (docs/deploy.md), not a schedule.',
    },
  ]);

  NagSuppressions.addResourceSuppressions(child('VapidSecret'), [
    {
      id: 'AwsSolutions-SMG4',
      reason:
        'The Web Push (VAPID) key pair is derived from this secret (decision 063); it identifies our server to the push services, it is not a credential to another system. Rotating it makes every device\'s subscription invalid (each must turn reminders on again), so it is a manual, announced operation (docs/deploy.md), not a schedule.',
    },
  ]);

  // --- CloudFront ----------------------------------------------------------------------------------
  NagSuppressions.addResourceSuppressions(child('Distribution'), [
    {
      id: 'AwsSolutions-CFR1',
      reason: 'A family chores app has no legal or licensing reason to restrict countries; families travel and live anywhere.',
    },
    {
      id: 'AwsSolutions-CFR2',
      reason:
        'No WAF for now: a web ACL costs more per month than the whole app at family scale. Abuse limits are in place without it: API stage throttling (8,000 rps, burst 5,000 for a million families, within the account quota; stricter on sign-up and sign-in), and atomic per-address, per-account and per-(account, address) limits in DynamoDB (functions/data/family/throttles.ts); the API answers only requests that came through the distribution. Revisit if the app is opened to the public at scale.',
    },
    {
      id: 'AwsSolutions-CFR4',
      reason:
        'The distribution uses the default *.cloudfront.net certificate, for which CloudFront does not allow choosing the minimum TLS version. With a custom domain and ACM certificate, set minimumProtocolVersion TLSv1.2_2021 (the cdk.json feature flag makes that the default).',
    },
  ]);

  // --- SES events (decision 051) ------------------------------------------------------------------
  const sesEvents = stack.node.tryFindChild('SesEvents');
  if (sesEvents) {
    NagSuppressions.addResourceSuppressions(sesEvents.node.findChild('FailureQueue'), [
      {
        id: 'AwsSolutions-SQS3',
        reason:
          'This queue is itself where failures end: the SES events handler\'s on-failure destination (after Lambda\'s two retries) and its SNS subscription\'s dead-letter queue. Nothing consumes it; an alarm fires on any message, which is kept 14 days for a person to look at.',
      },
    ]);
    const account = stack.node.tryFindChild('Http-account');
    if (account instanceof AppFunction) {
      NagSuppressions.addResourceSuppressions(
        account.role,
        [
          {
            id: 'AwsSolutions-IAM5',
            reason:
              'ses:DeleteSuppressedDestination has no resource type in IAM, so it can only be granted on "*". The account function calls it for the signed-in parent\'s own address only, when that address bounced and the parent asks for a new confirmation link (rate-limited per parent), so SES tries the link instead of suppressing it.',
            appliesTo: ['Resource::*'],
          },
        ],
        true,
      );
    }
  }

  // --- The report mailer (decision 050) ------------------------------------------------------------
  const reportMail = stack.node.tryFindChild('ReportMail');
  if (reportMail) {
    NagSuppressions.addResourceSuppressions(
      (reportMail.node.findChild('Mailer') as AppFunction).role,
      [
        {
          id: 'AwsSolutions-IAM5',
          reason:
            'ses:GetAccount reads the account\'s sending quota (SendQuota.MaxSendRate, which paces the weekly reports); it is an account-level read with no resource type, so IAM accepts only "*" for it. The statement grants that one action and nothing else.',
          appliesTo: ['Resource::*'],
        },
      ],
      true,
    );
  }

  // --- BucketDeployment's singleton Lambda (aws-cdk-lib internal, created at stack level) ---------
  for (const c of stack.node.children.filter((c) => c.node.id.startsWith('Custom::CDKBucketDeployment'))) {
    NagSuppressions.addResourceSuppressions(
      c,
      [
        {
          id: 'AwsSolutions-L1',
          reason: 'BucketDeployment\'s handler is provided by aws-cdk-lib (Python, with the AWS CLI layer); its runtime is chosen by the library, not by us.',
        },
        {
          id: 'AwsSolutions-IAM4',
          reason: 'BucketDeployment\'s handler role is created by aws-cdk-lib with AWSLambdaBasicExecutionRole; it only runs at deploy time to copy the web build.',
          appliesTo: ['Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole'],
        },
        {
          id: 'AwsSolutions-IAM5',
          reason:
            'Generated by aws-cdk-lib\'s BucketDeployment grants: read from the CDK assets bucket and sync (put/delete) objects in the site bucket need object wildcards, and the library grants the CloudFront invalidation actions on "*" without a way to narrow them. The role exists only for deploy-time uploads.',
        },
      ],
      true,
    );
  }
}
