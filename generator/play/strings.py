"""Interface strings of ``hexcrawl play`` in English, Russian and Ukrainian.

The same layout as the site strings (``generator.render.i18n``): key -> language -> text,
``{name}`` placeholders filled by ``str.format``; read through that module's ``Translator``.
Words the sites already translate (activities, roll purposes, outcomes, faces, times) come
from the site strings, so the logger and the GM site say the same thing.
"""

from __future__ import annotations

from generator.render.i18n import Translator

STRINGS: dict[str, dict[str, str]] = {
    # starting
    "start.continue": {"en": "Continuing session {n}: {title} ({path}), {entries} entries.",
                       "ru": "Продолжаем сессию {n}: {title} ({path}), записей: {entries}.",
                       "uk": "Продовжуємо сесію {n}: {title} ({path}), записів: {entries}."},
    "start.new": {"en": "Started session {n}: {title} ({path}).",
                  "ru": "Начата сессия {n}: {title} ({path}).",
                  "uk": "Розпочато сесію {n}: {title} ({path})."},
    "start.ask": {"en": "Continue session {n} ({title}, {date}) or start session {next}? "
                        "[c/n] ",
                  "ru": "Продолжить сессию {n} ({title}, {date}) или начать сессию {next}? "
                        "[c/n] ",
                  "uk": "Продовжити сесію {n} ({title}, {date}) чи почати сесію {next}? "
                        "[c/n] "},
    "start.title": {"en": "Title of session {n}: ", "ru": "Название сессии {n}: ",
                    "uk": "Назва сесії {n}: "},
    "start.removed": {"en": "Session {n} has no entries: removed {path}.",
                      "ru": "В сессии {n} нет записей: файл {path} удалён.",
                      "uk": "У сесії {n} немає записів: файл {path} видалено."},
    "start.help": {"en": "Type a command (help lists them, quit ends).",
                   "ru": "Введите команду (help — список, quit — выход).",
                   "uk": "Введіть команду (help — перелік, quit — вихід)."},
    "start.broken": {"en": "The campaign has errors; fix them and press Enter (or quit).",
                     "ru": "В кампании есть ошибки; исправьте их и нажмите Enter (или quit).",
                     "uk": "У кампанії є помилки; виправте їх і натисніть Enter (або quit)."},
    "start.no_sessions_dir": {"en": "creating {path}", "ru": "создаю {path}",
                              "uk": "створюю {path}"},
    # prompts
    "prompt": {"en": "s{n} day {day} w{watch}> ", "ru": "с{n} день {day} в{watch}> ",
               "uk": "с{n} день {day} в{watch}> "},
    "roll.ask": {"en": "  roll {dice} for {purpose}{detail} [Enter: let it roll]: ",
                 "ru": "  бросьте {dice}: {purpose}{detail} [Enter: пусть бросит генератор]: ",
                 "uk": "  киньте {dice}: {purpose}{detail} [Enter: хай кине генератор]: "},
    "roll.ask_pair": {"en": "  roll two d20 ({mode}) for {purpose}{detail}, both values "
                            "[Enter: let it roll]: ",
                      "ru": "  бросьте два d20 ({mode}): {purpose}{detail}, оба значения "
                            "[Enter: пусть бросит генератор]: ",
                      "uk": "  киньте два d20 ({mode}): {purpose}{detail}, обидва значення "
                            "[Enter: хай кине генератор]: "},
    "roll.ask_scaled": {"en": "  roll d20 and d{sides} ({mode}) for {purpose}{detail}, both "
                              "values [Enter: let it roll]: ",
                        "ru": "  бросьте d20 и d{sides} ({mode}): {purpose}{detail}, оба "
                              "значения [Enter: пусть бросит генератор]: ",
                        "uk": "  киньте d20 і d{sides} ({mode}): {purpose}{detail}, обидва "
                              "значення [Enter: хай кине генератор]: "},
    "roll.advantage": {"en": "advantage: the higher counts", "ru": "преимущество: в зачёт "
                       "большее", "uk": "перевага: зараховується більше"},
    "roll.disadvantage": {"en": "disadvantage: the lower counts", "ru": "помеха: в зачёт "
                          "меньшее", "uk": "перешкода: зараховується менше"},
    "roll.bsh_advantage": {"en": "advantage: the lower counts", "ru": "преимущество: в зачёт "
                           "меньшее", "uk": "перевага: зараховується менше"},
    "roll.bsh_disadvantage": {"en": "disadvantage: the higher counts", "ru": "помеха: в "
                              "зачёт большее", "uk": "перешкода: зараховується більше"},
    "roll.plus": {"en": "advantage die added", "ru": "кость преимущества прибавляется",
                  "uk": "кістка переваги додається"},
    "roll.minus": {"en": "disadvantage die subtracted", "ru": "кость помехи вычитается",
                   "uk": "кістка перешкоди віднімається"},
    "roll.generated": {"en": "    the generator rolled {value}",
                       "ru": "    генератор выбросил {value}",
                       "uk": "    генератор викинув {value}"},
    "roll.bad": {"en": "    enter {count} whole number(s) from {low} to {high}, Enter to let "
                       "the generator roll, * to let it roll every remaining die of this "
                       "entry, Ctrl-C to drop the entry",
                 "ru": "    введите целые числа ({count}) от {low} до {high}; Enter — бросит "
                       "генератор, * — генератор бросит все оставшиеся кости записи, Ctrl-C — "
                       "отменить запись",
                 "uk": "    введіть цілі числа ({count}) від {low} до {high}; Enter — кине "
                       "генератор, * — генератор кине всі решта кістки запису, Ctrl-C — "
                       "скасувати запис"},
    "roll.rest": {"en": "    the generator rolls the rest of this entry",
                  "ru": "    остальные кости этой записи бросит генератор",
                  "uk": "    решту кісток цього запису кине генератор"},
    # results of commands
    "saved": {"en": "written to {path}", "ru": "записано в {path}", "uk": "записано в {path}"},
    "dropped": {"en": "entry dropped: nothing written", "ru": "запись отменена: ничего не "
                "записано", "uk": "запис скасовано: нічого не записано"},
    "undone": {"en": "removed the last entry ({what})", "ru": "последняя запись удалена "
               "({what})", "uk": "останній запис видалено ({what})"},
    "gm.added": {"en": "GM remark added to the last entry ({what})",
                 "ru": "заметка мастера добавлена к последней записи ({what})",
                 "uk": "нотатку майстра додано до останнього запису ({what})"},
    "gm.pending": {"en": "GM remark kept for the next entry",
                   "ru": "заметка мастера будет добавлена к следующей записи",
                   "uk": "нотатку майстра буде додано до наступного запису"},
    "error": {"en": "error: {message}", "ru": "ошибка: {message}", "uk": "помилка: {message}"},
    "warning": {"en": "warning: {message}", "ru": "предупреждение: {message}",
                "uk": "попередження: {message}"},
    "nothing_written": {"en": "nothing written", "ru": "ничего не записано",
                        "uk": "нічого не записано"},
    "mismatch": {"en": "the file as written replays differently from what was shown "
                       "(please report this): {what}",
                 "ru": "записанный файл воспроизводится иначе, чем было показано (сообщите "
                       "об этом): {what}",
                 "uk": "записаний файл відтворюється інакше, ніж було показано (повідомте "
                       "про це): {what}"},
    "bye": {"en": "Session {n} is in {path}.", "ru": "Сессия {n} — в файле {path}.",
            "uk": "Сесія {n} — у файлі {path}."},
    # status
    "status.time": {"en": "{when}", "ru": "{when}", "uk": "{when}"},
    "status.true": {"en": "true hex {hex}", "ru": "истинный гекс {hex}",
                    "uk": "справжній гекс {hex}"},
    "status.believed": {"en": "believed {hex}", "ru": "по мнению отряда {hex}",
                        "uk": "на думку загону {hex}"},
    "status.unknown": {"en": "unknown", "ru": "неизвестно", "uk": "невідомо"},
    "status.not_lost": {"en": "on course", "ru": "курс верный", "uk": "курс правильний"},
    "status.lost": {"en": "LOST, unaware", "ru": "ЗАБЛУДИЛИСЬ, не знают",
                    "uk": "ЗАБЛУКАЛИ, не знають"},
    "status.knows_lost": {"en": "LOST, and they know it", "ru": "ЗАБЛУДИЛИСЬ и знают это",
                          "uk": "ЗАБЛУКАЛИ і знають це"},
    "status.veer": {"en": "veer {veer}", "ru": "отклонение {veer}", "uk": "відхилення {veer}"},
    "status.progress": {"en": "{miles} miles made in this hex",
                        "ru": "пройдено в этом гексе: {miles} миль",
                        "uk": "пройдено в цьому гексі: {miles} миль"},
    "status.terrain": {"en": "terrain: {terrain}", "ru": "местность: {terrain}",
                       "uk": "місцевість: {terrain}"},
    "status.paths": {"en": "paths: {paths}", "ru": "пути: {paths}", "uk": "шляхи: {paths}"},
    "status.locations": {"en": "keyed: {locations}", "ru": "ключевые места: {locations}",
                         "uk": "ключові місця: {locations}"},
    "status.found": {"en": "found", "ru": "найдено", "uk": "знайдено"},
    "status.not_found": {"en": "not found yet", "ru": "ещё не найдено",
                         "uk": "ще не знайдено"},
    "status.tables": {"en": "encounter table: {tables}", "ru": "таблица встреч: {tables}",
                      "uk": "таблиця зустрічей: {tables}"},
    "status.none": {"en": "none", "ru": "нет", "uk": "немає"},
    "status.resources": {"en": "usage dice: {dice}", "ru": "кости расхода: {dice}",
                         "uk": "кістки витрати: {dice}"},
    "status.doom": {"en": "doom dice: {dice}", "ru": "кости рока: {dice}",
                    "uk": "кістки долі: {dice}"},
    "status.members": {"en": "party: {members}", "ru": "отряд: {members}",
                       "uk": "загін: {members}"},
    "status.fatigued": {"en": "fatigued", "ru": "утомлён", "uk": "втомлений"},
    "status.doomed": {"en": "doomed", "ru": "обречён", "uk": "приречений"},
    "status.nonlethal": {"en": "{n} nonlethal", "ru": "{n} несмерт. урона",
                         "uk": "{n} несмерт. шкоди"},
    "status.lethal": {"en": "{n} lethal", "ru": "{n} смерт. урона", "uk": "{n} смерт. шкоди"},
    "status.hustle": {"en": "hustled {hours} h, marched {march} h since the last sleep",
                      "ru": "форсированный ход {hours} ч, в пути {march} ч с последнего сна",
                      "uk": "форсований хід {hours} год, у дорозі {march} год від останнього "
                            "сну"},
    "status.navigator": {"en": "navigator: {name}", "ru": "штурман: {name}",
                         "uk": "штурман: {name}"},
    # outcome of an entry
    "out.watch": {"en": "watch {n}: {activity}, {when}", "ru": "вахта {n}: {activity}, {when}",
                  "uk": "вахта {n}: {activity}, {when}"},
    "out.roll": {"en": "  {purpose}: {dice} {natural}{total}{target}{outcome}  [{source}] "
                       "{detail}",
                 "ru": "  {purpose}: {dice} {natural}{total}{target}{outcome}  [{source}] "
                       "{detail}",
                 "uk": "  {purpose}: {dice} {natural}{total}{target}{outcome}  [{source}] "
                       "{detail}"},
    "out.moved": {"en": "  true: {route} ({miles} miles); believed: {believed}",
                  "ru": "  истинно: {route} ({miles} миль); по мнению отряда: {believed}",
                  "uk": "  справді: {route} ({miles} миль); на думку загону: {believed}"},
    "out.stayed": {"en": "  stays in {hex}; believed: {believed}",
                   "ru": "  остаётся в {hex}; по мнению отряда: {believed}",
                   "uk": "  залишається в {hex}; на думку загону: {believed}"},
    "out.lost": {"en": "  lost: {state}", "ru": "  заблудились: {state}",
                 "uk": "  заблукали: {state}"},
    "out.encounter": {"en": "  encounter ({kind}): {what}", "ru": "  встреча ({kind}): {what}",
                      "uk": "  зустріч ({kind}): {what}"},
    "out.found": {"en": "  found: {places}", "ru": "  найдено: {places}",
                  "uk": "  знайдено: {places}"},
    "out.summary": {"en": "  {summary}", "ru": "  {summary}", "uk": "  {summary}"},
    "out.resource": {"en": "  {name}: {before} -> {after}", "ru": "  {name}: {before} -> "
                     "{after}", "uk": "  {name}: {before} -> {after}"},
    "out.note": {"en": "  note for the chronicle", "ru": "  заметка для хроники",
                 "uk": "  нотатка для хроніки"},
    "out.reveal": {"en": "  revealed to the players: {what}", "ru": "  открыто игрокам: "
                   "{what}", "uk": "  відкрито гравцям: {what}"},
    "out.cancelled": {"en": "cancelled by caution", "ru": "отменена осторожностью",
                      "uk": "скасована обережністю"},
    # what the players learn
    "tell": {"en": "tell the players: {text}", "ru": "скажите игрокам: {text}",
             "uk": "скажіть гравцям: {text}"},
    "tell.travel": {"en": "you head {face} and make about {miles} miles",
                    "ru": "вы идёте на {face} и проходите около {miles} миль",
                    "uk": "ви йдете на {face} і долаєте близько {miles} миль"},
    "tell.walk": {"en": "you make about {miles} miles", "ru": "вы проходите около {miles} "
                  "миль", "uk": "ви долаєте близько {miles} миль"},
    "tell.activity": {"en": "a watch of {activity}", "ru": "вахта: {activity}",
                      "uk": "вахта: {activity}"},
    "tell.where": {"en": "you believe you are in {place}", "ru": "вы считаете, что вы в "
                   "{place}", "uk": "ви вважаєте, що ви в {place}"},
    "tell.where_terrain": {"en": "you believe you are in unnamed {terrain}",
                           "ru": "вы считаете, что вы в безымянной местности ({terrain})",
                           "uk": "ви вважаєте, що ви в безіменній місцевості ({terrain})"},
    "tell.lost": {"en": "you know you are lost", "ru": "вы знаете, что заблудились",
                  "uk": "ви знаєте, що заблукали"},
    "tell.found": {"en": "you find {places}", "ru": "вы находите: {places}",
                   "uk": "ви знаходите: {places}"},
    "tell.revealed": {"en": "you learn of {places}", "ru": "вы узнаёте о: {places}",
                      "uk": "ви дізнаєтеся про: {places}"},
    "tell.encounter": {"en": "something happens (describe the encounter)",
                       "ru": "что-то происходит (опишите встречу)",
                       "uk": "щось трапляється (опишіть зустріч)"},
    "tell.time": {"en": "it is now {when}", "ru": "сейчас {when}", "uk": "зараз {when}"},
    "tell.nothing": {"en": "nothing new", "ru": "ничего нового", "uk": "нічого нового"},
    # command errors
    "err.empty": {"en": "type a command (help lists them)",
                  "ru": "введите команду (help — список)",
                  "uk": "введіть команду (help — перелік)"},
    "err.command": {"en": "unknown command '{word}'{hint} (help lists them)",
                    "ru": "неизвестная команда '{word}'{hint} (help — список)",
                    "uk": "невідома команда '{word}'{hint} (help — перелік)"},
    "err.extra": {"en": "'{command}' takes nothing more (got '{word}')",
                  "ru": "'{command}' не принимает ничего больше (получено '{word}')",
                  "uk": "'{command}' не приймає нічого більше (отримано '{word}')"},
    "err.missing": {"en": "'{what}' needs a value", "ru": "'{what}': нужно значение",
                    "uk": "'{what}': потрібне значення"},
    "err.number": {"en": "{what}: '{word}' is not a whole number",
                   "ru": "{what}: '{word}' — не целое число",
                   "uk": "{what}: '{word}' — не ціле число"},
    "err.range": {"en": "{what}: {word} is out of range ({low} to {high})",
                  "ru": "{what}: {word} вне допустимого ({low}–{high})",
                  "uk": "{what}: {word} поза межами ({low}–{high})"},
    "err.hours": {"en": "hours: '{word}' is not a number of hours such as 1, 2.5 or 3/2",
                  "ru": "hours: '{word}' — не число часов вроде 1, 2.5 или 3/2",
                  "uk": "hours: '{word}' — не кількість годин на кшталт 1, 2.5 або 3/2"},
    "err.unknown": {"en": "unknown {what} '{word}'{hint} (known: {known})",
                    "ru": "неизвестно ({what}): '{word}'{hint} (есть: {known})",
                    "uk": "невідомо ({what}): '{word}'{hint} (є: {known})"},
    "err.option": {"en": "'{word}' is not an option here (options: {options})",
                   "ru": "'{word}' — здесь не вариант (варианты: {options})",
                   "uk": "'{word}' — тут не варіант (варіанти: {options})"},
    "err.label": {"en": "'{word}' is not a hex label of this map",
                  "ru": "'{word}' — не метка гекса этой карты",
                  "uk": "'{word}' — не мітка гекса цієї мапи"},
    "err.heading": {"en": "travel needs a heading ({faces})",
                    "ru": "для travel нужен курс ({faces})",
                    "uk": "для travel потрібен курс ({faces})"},
    "err.face": {"en": "'{word}' is not a face of this map's hexes ({faces})",
                 "ru": "'{word}' — не грань гексов этой карты ({faces})",
                 "uk": "'{word}' — не грань гексів цієї мапи ({faces})"},
    "err.reorient": {"en": "reorient north, new course or backtrack (got '{word}')",
                     "ru": "reorient north, new course или backtrack (получено '{word}')",
                     "uk": "reorient north, new course або backtrack (отримано '{word}')"},
    "err.pursuers": {"en": "a chase needs pursuers (chase from hask-wolves, or chase quarry "
                           "... pursuers party)",
                     "ru": "для погони нужны преследователи (chase from волки или chase "
                           "quarry ... pursuers party)",
                     "uk": "для погоні потрібні переслідувачі (chase from вовки або chase "
                           "quarry ... pursuers party)"},
    "err.gm_nothing": {"en": "a GM remark needs text", "ru": "заметке мастера нужен текст",
                       "uk": "нотатці майстра потрібен текст"},
    "err.stdin_title": {"en": "give the new session's title with --title",
                        "ru": "укажите название новой сессии через --title",
                        "uk": "вкажіть назву нової сесії через --title"},
    # help
    "help.head": {"en": "Commands (one watch each, unless marked *):",
                  "ru": "Команды (каждая — одна вахта, кроме отмеченных *):",
                  "uk": "Команди (кожна — одна вахта, крім позначених *):"},
    "help.travel": {"en": "travel HEADING [cautious] [exploring] [foraging] [hustle [N]] "
                          "[hours H] [poor]   travel by a heading",
                    "ru": "travel КУРС [cautious] [exploring] [foraging] [hustle [N]] "
                          "[hours Ч] [poor]   идти курсом",
                    "uk": "travel КУРС [cautious] [exploring] [foraging] [hustle [N]] "
                          "[hours Г] [poor]   іти курсом"},
    "help.toward": {"en": "toward HEX [options]   head for a hex",
                    "ru": "toward ГЕКС [опции]   идти к гексу",
                    "uk": "toward ГЕКС [опції]   іти до гекса"},
    "help.follow": {"en": "follow PATH [to HEX | forward | backward] [options]   follow a "
                          "road, trail or river",
                    "ru": "follow ПУТЬ [to ГЕКС | forward | backward] [опции]   идти по "
                          "дороге, тропе или реке",
                    "uk": "follow ШЛЯХ [to ГЕКС | forward | backward] [опції]   іти дорогою, "
                          "стежкою чи річкою"},
    "help.landmark": {"en": "landmark LOCATION|HEX [options]   head for a visible landmark",
                      "ru": "landmark МЕСТО|ГЕКС [опции]   идти к видимому ориентиру",
                      "uk": "landmark МІСЦЕ|ГЕКС [опції]   іти до видимого орієнтира"},
    "help.rest": {"en": "rest [note]   rest a watch (two in a row are a sleep)",
                  "ru": "rest [заметка]   отдых (два подряд — сон)",
                  "uk": "rest [нотатка]   відпочинок (два поспіль — сон)"},
    "help.sleep": {"en": "sleep [note]   a long rest", "ru": "sleep [заметка]   долгий отдых",
                   "uk": "sleep [нотатка]   довгий відпочинок"},
    "help.camp": {"en": "camp [forage] [note]   make camp (and forage)",
                  "ru": "camp [forage] [заметка]   лагерь (и добыча пищи)",
                  "uk": "camp [forage] [нотатка]   табір (і добування їжі)"},
    "help.search": {"en": "search [LOCATION]   search the hex (for a place)",
                    "ru": "search [МЕСТО]   обыскать гекс (в поисках места)",
                    "uk": "search [МІСЦЕ]   обшукати гекс (шукаючи місце)"},
    "help.reorient": {"en": "reorient north | new course | backtrack   find the way again",
                      "ru": "reorient north | new course | backtrack   восстановить путь",
                      "uk": "reorient north | new course | backtrack   відновити шлях"},
    "help.encounter": {"en": "encounter TABLE [roll N] [at LOCATION] [note TEXT]   an "
                             "encounter the GM calls",
                       "ru": "encounter ТАБЛИЦА [roll N] [at МЕСТО] [note ТЕКСТ]   встреча "
                             "по решению мастера",
                       "uk": "encounter ТАБЛИЦЯ [roll N] [at МІСЦЕ] [note ТЕКСТ]   зустріч "
                             "за рішенням майстра"},
    "help.chase": {"en": "chase [urban|wilderness] [from CREATURES] [quarry ...] [distance "
                         "FT] [advantage -1..1] [factor TEXT] [note TEXT]   a chase",
                   "ru": "chase [urban|wilderness] [from СУЩЕСТВА] [quarry ...] [distance "
                         "ФТ] [advantage -1..1] [factor ТЕКСТ] [note ТЕКСТ]   погоня",
                   "uk": "chase [urban|wilderness] [from ІСТОТИ] [quarry ...] [distance "
                         "ФТ] [advantage -1..1] [factor ТЕКСТ] [note ТЕКСТ]   погоня"},
    "help.use": {"en": "use RESOURCE [by MEMBER] [note TEXT]   * roll a usage die (use doom "
                       "by MEMBER tempts fate)",
                 "ru": "use РЕСУРС [by УЧАСТНИК] [note ТЕКСТ]   * бросок кости расхода (use "
                       "doom by УЧАСТНИК — испытать судьбу)",
                 "uk": "use РЕСУРС [by УЧАСНИК] [note ТЕКСТ]   * кидок кістки витрати (use "
                       "doom by УЧАСНИК — випробувати долю)"},
    "help.reveal": {"en": "reveal LOCATION|HEX ...   * show places to the players",
                    "ru": "reveal МЕСТО|ГЕКС ...   * открыть места игрокам",
                    "uk": "reveal МІСЦЕ|ГЕКС ...   * відкрити місця гравцям"},
    "help.note": {"en": "note TEXT   * a line for the players' chronicle",
                  "ru": "note ТЕКСТ   * строка в хронику игроков",
                  "uk": "note ТЕКСТ   * рядок до хроніки гравців"},
    "help.gm": {"en": "gm TEXT   * a GM-only remark on the last entry",
                "ru": "gm ТЕКСТ   * заметка мастера к последней записи",
                "uk": "gm ТЕКСТ   * нотатка майстра до останнього запису"},
    "help.undo": {"en": "undo   * remove the last entry this run wrote",
                  "ru": "undo   * удалить последнюю запись этого запуска",
                  "uk": "undo   * видалити останній запис цього запуску"},
    "help.status": {"en": "status   * where the party is, its dice and the hex",
                    "ru": "status   * где отряд, его кости и гекс",
                    "uk": "status   * де загін, його кістки і гекс"},
    "help.help": {"en": "help   * this list", "ru": "help   * этот список",
                  "uk": "help   * цей перелік"},
    "help.quit": {"en": "quit   * stop (everything is already written)",
                  "ru": "quit   * выход (всё уже записано)",
                  "uk": "quit   * вихід (усе вже записано)"},
    "help.rolls": {"en": "At a roll prompt: type the die (two values for advantage), Enter "
                         "lets the generator roll it, * lets it roll the rest of the entry, "
                         "Ctrl-C drops the entry.",
                   "ru": "На запрос броска: введите значение кости (два при преимуществе); "
                         "Enter — бросит генератор, * — генератор бросит остальное, Ctrl-C — "
                         "отменить запись.",
                   "uk": "На запит кидка: введіть значення кістки (два за переваги); Enter — "
                         "кине генератор, * — генератор кине решту, Ctrl-C — скасувати "
                         "запис."},
}


def translator(language: str) -> Translator:
    """The play strings in ``language`` (English for languages without them)."""
    return Translator(language, STRINGS)
