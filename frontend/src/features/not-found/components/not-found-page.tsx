import Home from '@mui/icons-material/Home';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { BrandMark } from '../../../components/brand-logo';
import { PATHS } from '../../../config/paths';
import { useDocumentTitle } from '../../../lib/use-document-title';

export function NotFoundPage() {
  useDocumentTitle('404 Page Not Found');
  return (
    <Box component="main" sx={{ minHeight: '100dvh', display: 'grid', placeItems: 'center', px: 2, py: 6 }}>
      <Stack spacing={2.5} sx={{ alignItems: 'center', textAlign: 'center', maxWidth: 640 }}>
        <BrandMark size={72} />
        <Typography variant="h3" component="h1">
          404 Page Not Found
        </Typography>
        <Typography color="text.secondary" sx={{ fontSize: '1.1rem', maxWidth: 520, textWrap: 'balance' }}>
          We looked under the bed and behind the sofa, but this page isn’t here. It may have moved, or the link may be
          mistyped.
        </Typography>
        <Button component={RouterLink} to={PATHS.home} variant="contained" size="large" startIcon={<Home />}>
          Go to the home page
        </Button>
      </Stack>
    </Box>
  );
}
