import { createPool } from 'mysql2/promise'
import { createDb } from '../src/db/database.js'
import { migrateToLatest } from '../src/db/migrate.js'
const admin = createPool({ uri: 'mysql://root@127.0.0.1:3306/test', connectionLimit: 1, multipleStatements: true })
await admin.query('DROP DATABASE IF EXISTS tpl_probe'); await admin.query('CREATE DATABASE tpl_probe CHARACTER SET latin1')
const db = createDb('mysql://root@127.0.0.1:3306/tpl_probe')
let t0 = performance.now(); await migrateToLatest(db); console.log('migrate ms', (performance.now()-t0).toFixed(0)); await db.destroy()
t0 = performance.now()
const [tables] = await admin.query("select table_name as t from information_schema.tables where table_schema='tpl_probe' and table_type='BASE TABLE'") as any
const creates: string[] = []
for (const { t } of tables) { const [[row]] = await admin.query(`show create table tpl_probe.\`${t}\``) as any; creates.push(row['Create Table']) }
const [trigs] = await admin.query("select trigger_name as n from information_schema.triggers where trigger_schema='tpl_probe'") as any
const triggers: string[] = []
for (const { n } of trigs) { const [[row]] = await admin.query(`show create trigger tpl_probe.\`${n}\``) as any; triggers.push(row['SQL Original Statement']) }
console.log('read ms', (performance.now()-t0).toFixed(0), tables.length, 'tables', trigs.length, 'triggers')
for (let k = 0; k < 3; k++) {
t0 = performance.now()
await admin.query('DROP DATABASE IF EXISTS clone_probe'); await admin.query('CREATE DATABASE clone_probe CHARACTER SET latin1')
const conn = await admin.getConnection()
await conn.query('USE clone_probe'); await conn.query('SET FOREIGN_KEY_CHECKS=0')
await conn.query(creates.join(';\n'))
for (const { t } of tables) await conn.query(`insert into clone_probe.\`${t}\` select * from tpl_probe.\`${t}\``)
for (const tr of triggers) await conn.query(tr)
await conn.query('SET FOREIGN_KEY_CHECKS=1'); conn.release()
console.log('clone ms', (performance.now()-t0).toFixed(0))
}
await admin.query('DROP DATABASE clone_probe'); await admin.query('DROP DATABASE tpl_probe'); await admin.end()
