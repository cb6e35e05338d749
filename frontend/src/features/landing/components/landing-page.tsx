import AutoAwesome from '@mui/icons-material/AutoAwesome';
import EventRepeat from '@mui/icons-material/EventRepeat';
import FamilyRestroom from '@mui/icons-material/FamilyRestroom';
import FormatQuote from '@mui/icons-material/FormatQuote';
import Insights from '@mui/icons-material/Insights';
import PersonAdd from '@mui/icons-material/PersonAdd';
import Savings from '@mui/icons-material/Savings';
import Star from '@mui/icons-material/Star';
import TaskAlt from '@mui/icons-material/TaskAlt';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { BrandLogo } from '../../../components/brand-logo';
import { PATHS } from '../../../config/paths';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { ChorePreview } from './chore-preview';

const FEATURES: { icon: ReactNode; title: string; text: string }[] = [
  {
    icon: <FamilyRestroom />,
    title: 'A dashboard for everyone',
    text: 'Separate dashboards for parents and children, each with an age-appropriate interface: the full picture for you, big friendly buttons for them.',
  },
  {
    icon: <EventRepeat />,
    title: 'Fair weekly chore distribution',
    text: 'Chores are handed out automatically every week, with no duplicates and no repeating last week’s jobs, so nobody is stuck with the dishes forever.',
  },
  {
    icon: <Savings />,
    title: 'Earnings that add up themselves',
    text: 'Every ticked-off chore counts towards an automatic weekly earnings total, so pocket-money day is never a guessing game.',
  },
  {
    icon: <Insights />,
    title: 'Progress you can see',
    text: 'Visual progress indicators keep kids motivated, and detailed weekly reports show you who did what and how the week went.',
  },
];

const STEPS: { icon: ReactNode; title: string; text: string }[] = [
  { icon: <PersonAdd />, title: 'Create your parent account', text: 'Sign up and add each child with their own username and password.' },
  { icon: <AutoAwesome />, title: 'Add chores and rewards', text: 'List the daily and weekly jobs and what each one is worth.' },
  { icon: <TaskAlt />, title: 'Kids tick them off', text: 'Children log in, complete their quests and watch their earnings grow.' },
];

const TESTIMONIALS = [
  {
    quote:
      'Mornings used to be a negotiation. Now the kids check ChoreQuest before breakfast and race to tick things off. My daughter is saving her chore money for a new bike.',
    name: 'Jennifer M.',
    role: 'Mother of two',
  },
  {
    quote:
      'The weekly rotation ended the “why do I always get the bins?” arguments. Chores are shared out fairly, and I can see everyone’s progress at a glance.',
    name: 'David R.',
    role: 'Father of three',
  },
];

function SectionHeading({ id, title, intro }: { id: string; title: string; intro?: string }) {
  return (
    <Stack spacing={1.5} sx={{ textAlign: 'center', alignItems: 'center', mb: { xs: 4, md: 6 } }}>
      <Typography id={id} variant="h4" component="h2" sx={{ fontSize: { xs: '1.75rem', sm: '2.25rem', md: '2.5rem' }, textWrap: 'balance' }}>
        {title}
      </Typography>
      {intro && (
        <Typography color="text.secondary" sx={{ maxWidth: 640, fontSize: '1.1rem', textWrap: 'balance' }}>
          {intro}
        </Typography>
      )}
    </Stack>
  );
}

function IconBadge({ children, color = 'primary' }: { children: ReactNode; color?: 'primary' | 'secondary' }) {
  return (
    <Box
      sx={{
        width: 52,
        height: 52,
        borderRadius: 3,
        display: 'grid',
        placeItems: 'center',
        flexShrink: 0,
        bgcolor: color === 'primary' ? 'tone.brand.bg' : 'tone.sun.bg',
        color: color === 'primary' ? 'tone.brand.fg' : 'tone.sun.fg',
        '& svg': { fontSize: 28 },
      }}
      aria-hidden="true"
    >
      {children}
    </Box>
  );
}

function Stars() {
  return (
    <Box role="img" aria-label="Rated 5 out of 5" sx={{ display: 'flex', color: '#d48c00' }}>
      {Array.from({ length: 5 }, (_, i) => (
        <Star key={i} fontSize="small" />
      ))}
    </Box>
  );
}

export function LandingPage() {
  useDocumentTitle();
  const year = new Date().getFullYear();

  return (
    <Box sx={{ overflowX: 'hidden' }}>
      <Box component="header" sx={{ py: 2 }}>
        <Container maxWidth="lg" sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 2 }}>
          <BrandLogo size={36} />
          <Stack direction="row" spacing={1} sx={{ display: { xs: 'none', sm: 'flex' } }} component="nav" aria-label="Sign in">
            <Button component={RouterLink} to={PATHS.childLogin} color="inherit">
              Child Sign In
            </Button>
            <Button component={RouterLink} to={PATHS.parentLogin} variant="outlined">
              Parent Sign In
            </Button>
          </Stack>
        </Container>
      </Box>

      <Box component="main">
        <Box
          component="section"
          aria-labelledby="hero-title"
          sx={{
            pt: { xs: 3, md: 8 },
            pb: { xs: 7, md: 12 },
            background:
              'radial-gradient(circle at 0% 0%, rgba(91, 60, 196, 0.14) 0, transparent 45%), radial-gradient(circle at 100% 60%, rgba(255, 194, 51, 0.25) 0, transparent 40%)',
          }}
        >
          <Container
            maxWidth="lg"
            sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1.1fr 0.9fr' }, gap: { xs: 6, md: 8 }, alignItems: 'center' }}
          >
            <Box sx={{ textAlign: { xs: 'center', md: 'left' } }}>
              <Typography
                id="hero-title"
                variant="h1"
                sx={{ fontSize: { xs: '2.75rem', sm: '3.75rem', md: '4.5rem' }, color: 'primary.main', lineHeight: 1.05, mb: 2 }}
              >
                ChoreQuest
              </Typography>
              <Typography
                component="p"
                variant="h4"
                sx={{ fontSize: { xs: '1.4rem', sm: '2rem' }, fontWeight: 800, lineHeight: 1.25, mb: 2, textWrap: 'balance' }}
              >
                Track progress. Earn money.{' '}
                <Box component="span" sx={{ color: 'primary.main', display: 'block' }}>
                  Build responsibility.
                </Box>
              </Typography>
              <Typography color="text.secondary" sx={{ fontSize: { xs: '1.05rem', sm: '1.2rem' }, maxWidth: 560, mx: { xs: 'auto', md: 0 }, mb: 4 }}>
                The family chore app where parents set the chores and rewards, and kids tick them off and watch their
                earnings grow, week after week.
              </Typography>
              <Stack
                direction={{ xs: 'column', sm: 'row' }}
                spacing={1.5}
                useFlexGap
                sx={{ justifyContent: { xs: 'center', md: 'flex-start' }, flexWrap: 'wrap' }}
              >
                <Button component={RouterLink} to={PATHS.parentSignup} variant="contained" size="large">
                  Create Parent Account
                </Button>
                <Button component={RouterLink} to={PATHS.parentLogin} variant="outlined" size="large" sx={{ bgcolor: 'background.paper' }}>
                  Parent Sign In
                </Button>
                <Button component={RouterLink} to={PATHS.childLogin} variant="contained" color="secondary" size="large">
                  Child Sign In
                </Button>
              </Stack>
            </Box>
            <ChorePreview />
          </Container>
        </Box>

        <Box component="section" aria-labelledby="features-title" sx={{ py: { xs: 7, md: 10 }, bgcolor: 'background.paper' }}>
          <Container maxWidth="lg">
            <SectionHeading
              id="features-title"
              title="Everything your family needs to stay on track"
              intro="ChoreQuest takes care of the planning, the fairness and the maths, so you can focus on cheering your kids on."
            />
            <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: 'repeat(4, 1fr)' }, gap: 3 }}>
              {FEATURES.map((feature) => (
                <Card key={feature.title} sx={{ height: '100%', bgcolor: 'background.default' }}>
                  <CardContent sx={{ p: 3 }}>
                    <IconBadge>{feature.icon}</IconBadge>
                    <Typography variant="h6" component="h3" sx={{ mt: 2, mb: 1, lineHeight: 1.3 }}>
                      {feature.title}
                    </Typography>
                    <Typography color="text.secondary">{feature.text}</Typography>
                  </CardContent>
                </Card>
              ))}
            </Box>
          </Container>
        </Box>

        <Box component="section" aria-labelledby="steps-title" sx={{ py: { xs: 7, md: 10 } }}>
          <Container maxWidth="lg">
            <SectionHeading id="steps-title" title="Up and running in three steps" />
            <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' }, gap: 3 }}>
              {STEPS.map((step, index) => (
                <Stack component="li" key={step.title} direction="row" spacing={2} sx={{ alignItems: 'flex-start' }}>
                  <IconBadge color="secondary">{step.icon}</IconBadge>
                  <Box>
                    <Typography variant="h6" component="h3" sx={{ lineHeight: 1.3, mb: 0.5, mt: 0.25 }}>
                      <Box component="span" sx={{ color: 'primary.main', mr: 1 }}>
                        {index + 1}.
                      </Box>
                      {step.title}
                    </Typography>
                    <Typography color="text.secondary">{step.text}</Typography>
                  </Box>
                </Stack>
              ))}
            </Box>
          </Container>
        </Box>

        <Box component="section" aria-labelledby="testimonials-title" sx={{ py: { xs: 7, md: 10 }, bgcolor: 'background.paper' }}>
          <Container maxWidth="md">
            <SectionHeading
              id="testimonials-title"
              title="Trusted by thousands of families"
              intro="Parents use ChoreQuest to turn chores into a habit their kids are proud of."
            />
            <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 3 }}>
              {TESTIMONIALS.map((t) => (
                <Card key={t.name} component="figure" sx={{ m: 0, height: '100%', bgcolor: 'background.default' }}>
                  <CardContent sx={{ p: 3, height: '100%', display: 'flex', flexDirection: 'column', gap: 2 }}>
                    <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
                      <Stars />
                      <FormatQuote sx={{ color: 'primary.main', opacity: 0.35, fontSize: 36 }} aria-hidden="true" />
                    </Stack>
                    <Typography component="blockquote" sx={{ m: 0, fontSize: '1.05rem', flex: 1 }}>
                      “{t.quote}”
                    </Typography>
                    <Box component="figcaption">
                      <Typography sx={{ fontWeight: 800 }}>{t.name}</Typography>
                      <Typography variant="body2" color="text.secondary">
                        {t.role}
                      </Typography>
                    </Box>
                  </CardContent>
                </Card>
              ))}
            </Box>
          </Container>
        </Box>

        <Box component="section" aria-labelledby="cta-title" sx={{ py: { xs: 7, md: 10 } }}>
          <Container maxWidth="md">
            <Box
              sx={{
                borderRadius: 6,
                px: { xs: 3, sm: 6 },
                py: { xs: 5, sm: 7 },
                textAlign: 'center',
                color: '#fff',
                background: 'linear-gradient(135deg, #43289e 0%, #5b3cc4 55%, #7a57e0 100%)',
                boxShadow: '0 24px 60px rgba(67, 40, 158, 0.25)',
              }}
            >
              <Typography id="cta-title" variant="h3" component="h2" sx={{ mb: 1.5 }}>
                Ready to start your family’s quest?
              </Typography>
              <Typography sx={{ mb: 4, fontSize: '1.1rem', opacity: 0.92, maxWidth: 560, mx: 'auto', textWrap: 'balance' }}>
                Create your parent account, add your children and hand out the first chores today.
              </Typography>
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ justifyContent: 'center' }}>
                <Button component={RouterLink} to={PATHS.parentSignup} variant="contained" color="secondary" size="large">
                  Get Started Now
                </Button>
                <Button
                  component={RouterLink}
                  to={PATHS.parentLogin}
                  variant="outlined"
                  size="large"
                  sx={{ color: '#fff', borderColor: 'rgba(255,255,255,0.7)', '&:hover': { borderColor: '#fff', bgcolor: 'rgba(255,255,255,0.1)' } }}
                >
                  Welcome Back
                </Button>
              </Stack>
            </Box>
          </Container>
        </Box>
      </Box>

      <Box component="footer" sx={{ py: 4, borderTop: 1, borderColor: 'divider' }}>
        <Container
          maxWidth="lg"
          sx={{ display: 'flex', flexDirection: { xs: 'column', sm: 'row' }, gap: 2, alignItems: 'center', justifyContent: 'space-between' }}
        >
          <Typography variant="body2" color="text.secondary" sx={{ textAlign: { xs: 'center', sm: 'left' } }}>
            © {year} ChoreQuest · Chores, rewards and responsibility for the whole family.
          </Typography>
          <Stack direction="row" spacing={2} component="nav" aria-label="Footer">
            <Link component={RouterLink} to={PATHS.parentLogin} variant="body2">
              Parent Sign In
            </Link>
            <Link component={RouterLink} to={PATHS.childLogin} variant="body2">
              Child Sign In
            </Link>
          </Stack>
        </Container>
      </Box>
    </Box>
  );
}
