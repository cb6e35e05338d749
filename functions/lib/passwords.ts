import bcrypt from 'bcryptjs';

/** bcrypt cost; 10 is the floor we accept (about 2^10 rounds). */
export const BCRYPT_COST = 10;

export const hashPassword = (password: string): Promise<string> => bcrypt.hash(password, BCRYPT_COST);

// A real hash of a random string: unknown users cost the same time as wrong passwords.
const DUMMY_HASH = '$2b$10$CwTycUXWue0Thq9StjUM0uJ8.Pw5G7/4uFqcH0Vd3.0z6mW8qFQ1K';

export async function verifyPassword(password: string, hash: string | undefined): Promise<boolean> {
  const ok = await bcrypt.compare(password, hash ?? DUMMY_HASH);
  return ok && hash !== undefined;
}
