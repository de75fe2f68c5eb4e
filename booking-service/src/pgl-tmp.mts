import { PGlite } from '@electric-sql/pglite';
let t=performance.now();
const a=await PGlite.create('memory://'); console.log('first create (compile+initdb)', (performance.now()-t)|0);
t=performance.now(); const dump=await a.dumpDataDir('none'); console.log('dump', (performance.now()-t)|0, dump.size);
t=performance.now(); const b=await PGlite.create('memory://'); console.log('second create (initdb)', (performance.now()-t)|0);
t=performance.now(); const c=await PGlite.create({loadDataDir: dump}); console.log('load from dump', (performance.now()-t)|0);
await c.query('select 1');
