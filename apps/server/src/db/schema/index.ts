export * from './auth.schema';
export * from './images.schema';
export * from './pets.schema';
export * from './campaigns.schema';
export * from './audit.schema';
export * from './sign-in-throttle.schema';
export * from './mail.schema';
export * from './notifications.schema';
