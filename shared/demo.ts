/** The demo family seeded by `npm start`; the parent login page's hint shows these credentials. */
export const DEMO_PARENT = {
  email: 'demo@chorequest.app',
  password: 'demo1234',
  firstName: 'Alex',
  lastName: 'Rivera',
} as const;

export const DEMO_CHILDREN = [
  { displayName: 'Emma', age: 10, username: 'emma', password: 'emma123', maxDifficultyLevel: 5 },
  { displayName: 'Liam', age: 7, username: 'liam', password: 'liam123', maxDifficultyLevel: 3 },
  { displayName: 'Mia', age: 5, username: 'mia', password: 'mia123', maxDifficultyLevel: 2 },
] as const;
