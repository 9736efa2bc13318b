export async function touch(db, id, fields) {
  const sets = [];
  if (fields.title !== undefined) sets.push(`title = '${fields.title}'`);
  sets.push('touched_at = ?');
  await db.exec(`UPDATE notes SET ${sets.join(', ')} WHERE id = ?`, Date.now(), id);
}
