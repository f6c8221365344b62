import { hash, verify } from '@node-rs/argon2';

/** argon2id with the library's recommended cost (19 MiB, 2 passes). */
export const hashPassword = (password: string): Promise<string> =>
  hash(password, { algorithm: 2 /* Argon2id */, memoryCost: 19_456, timeCost: 2, parallelism: 1 });

export const verifyPassword = async (passwordHash: string, password: string): Promise<boolean> => {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
};
