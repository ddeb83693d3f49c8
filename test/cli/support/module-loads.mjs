/**
 * Records every module a process loads, one URL a line, in the file named by
 * VERIFIELD_TEST_MODULE_LOG: started with `--import` on this file (NODE_OPTIONS), a test sees from
 * outside the process what `verifield serve` loaded, without any hook in the service itself.
 */
import { register } from 'node:module';

const file = process.env.VERIFIELD_TEST_MODULE_LOG;
if (file !== undefined && file !== '') register('./module-loads-hooks.mjs', { parentURL: import.meta.url, data: { file } });
