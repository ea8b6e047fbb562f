import { ChevronDown } from 'lucide-react';
import type { ComponentType, ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { DropdownMenu, DropdownMenuContent, DropdownMenuRadioGroup, DropdownMenuRadioItem, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';
import { TabsList, TabsTrigger } from '@/components/ui/tabs';

/** A section of the panel as its navigation shows it: its address name (`#comments`) and its label. */
export interface AdminSection {
  value: string;
  label: ReactNode;
}

/**
 * The panel's navigation, built from its one table of sections: on a wide screen a sidebar of
 * tabs (arrow keys move between them, each names its panel), on a phone a menu button that
 * says the open section and opens the list of them (a menu of radio items). Both change the
 * same open section, so the `#tab` addresses work from either.
 */
export function AdminNavigation({ sections, value, onChange }: { sections: AdminSection[]; value: string; onChange: (value: string) => void }) {
  const current = sections.find((s) => s.value === value) ?? sections[0];
  /** Every section as an item of the menu or the tab list, named by its label. */
  const itemsOf = (Item: ComponentType<{ value: string; children: ReactNode }>) =>
    sections.map((s) => (
      <Item key={s.value} value={s.value}>
        {s.label}
      </Item>
    ));
  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="outline" className="w-full lg:hidden">
            <span className="flex min-w-0 flex-1 items-center gap-2 text-left">
              <span className="text-muted-foreground font-normal">Section</span>
              <span className="truncate">{current?.label}</span>
            </span>
            <ChevronDown aria-hidden="true" />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="start">
          <DropdownMenuRadioGroup value={value} onValueChange={onChange}>
            {itemsOf(DropdownMenuRadioItem)}
          </DropdownMenuRadioGroup>
        </DropdownMenuContent>
      </DropdownMenu>
      <div className="hidden lg:block">
        <TabsList aria-label="Admin sections" className="sticky top-20">
          {itemsOf(TabsTrigger)}
        </TabsList>
      </div>
    </>
  );
}
