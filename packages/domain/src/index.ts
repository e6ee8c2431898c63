export * from './messages';
export * from './fields';
export * from './files';
export * from './format';
export * from './permissions';
export * from './list';
export * from './auth';
export * from './classification';
