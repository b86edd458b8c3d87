export * from './tokenizer.ts'
