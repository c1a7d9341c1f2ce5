import type { DB } from '../../db/index.js';

/** Queries for the home page's managed content: slides and named menus. */
export function contentRepository(db: DB) {
  return {
    slides: () => db.selectFrom('slides').selectAll().orderBy('position').orderBy('id').execute(),

    /** Menus by name (all of them when no name is given), each with its items in order. */
    async menus(name?: string) {
      let query = db.selectFrom('menus').selectAll().orderBy('name');
      if (name !== undefined) query = query.where('name', '=', name);
      const menus = await query.execute();
      if (menus.length === 0) return [];
      const items = await db
        .selectFrom('menu_items')
        .selectAll()
        .where(
          'menu_id',
          'in',
          menus.map((m) => m.id),
        )
        .orderBy('position')
        .orderBy('id')
        .execute();
      return menus.map((menu) => ({ ...menu, items: items.filter((item) => item.menu_id === menu.id) }));
    },
  };
}
