"""Interface strings of the two sites in English, Russian and Ukrainian.

Every word a template prints that is not campaign content comes from here, chosen by
``campaign.language``. Keys are grouped by page; each entry lists the three languages side by
side, so a missing translation is visible at a glance (and a test checks none is missing).
Plural forms follow each language: English one/other, Russian and Ukrainian one/few/many.

>>> Translator("ru").count(3, "watch")
'3 вахты'
>>> Translator("uk").count(11, "day")
'11 днів'
>>> Translator("en")("nav.map")
'Map'
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from generator.knowledge import TerrainView

LANGUAGES = ("en", "ru", "uk")

#: key -> {language: text}; ``{name}`` placeholders are filled by ``str.format``.
STRINGS: dict[str, dict[str, str]] = {
    # navigation and page titles
    "nav.home": {"en": "Home", "ru": "Главная", "uk": "Головна"},
    "nav.map": {"en": "Map", "ru": "Карта", "uk": "Мапа"},
    "nav.sessions": {"en": "Sessions", "ru": "Сессии", "uk": "Сесії"},
    "nav.locations": {"en": "Locations", "ru": "Места", "uk": "Місця"},
    "nav.hex_key": {"en": "Hex key", "ru": "Ключ гексов", "uk": "Ключ гексів"},
    "nav.tables": {"en": "Tables", "ru": "Таблицы", "uk": "Таблиці"},
    "nav.party": {"en": "Party", "ru": "Отряд", "uk": "Загін"},
    "nav.timeline": {"en": "Timeline", "ru": "Хронология", "uk": "Хронологія"},
    "audience.players": {"en": "Player wiki", "ru": "Вики игроков", "uk": "Вікі гравців"},
    "audience.gm": {"en": "GM site", "ru": "Сайт мастера", "uk": "Сайт майстра"},
    # home
    "home.where": {"en": "Where the party is", "ru": "Где отряд",
                   "uk": "Де загін"},
    "home.believes": {"en": "The party believes it is in **{place}**.",
                      "ru": "Отряд считает, что находится в **{place}**.",
                      "uk": "Загін вважає, що перебуває в **{place}**."},
    "home.believes_terrain": {"en": "The party believes it is in an unnamed hex ({terrain}).",
                              "ru": "Отряд считает, что находится в безымянном гексе "
                                    "({terrain}).",
                              "uk": "Загін вважає, що перебуває в безіменному гексі "
                                    "({terrain})."},
    "home.believes_unnamed": {"en": "The party is somewhere it has no name for.",
                              "ru": "Отряд там, где у места нет названия.",
                              "uk": "Загін там, де місце не має назви."},
    "home.knows_lost": {"en": "The party knows it is **lost**.",
                        "ru": "Отряд знает, что **заблудился**.",
                        "uk": "Загін знає, що **заблукав**."},
    "home.time": {"en": "It is {when}.", "ru": "Сейчас {when}.", "uk": "Зараз {when}."},
    "home.true_position": {"en": "True position", "ru": "Истинное положение",
                           "uk": "Справжнє положення"},
    "home.believed_position": {"en": "Believed position", "ru": "Предполагаемое положение",
                               "uk": "Гадане положення"},
    "home.lost": {"en": "Lost", "ru": "Заблудился", "uk": "Заблукав"},
    "home.veer": {"en": "Veer", "ru": "Отклонение", "uk": "Відхилення"},
    "home.last_session": {"en": "Last session", "ru": "Последняя сессия",
                          "uk": "Остання сесія"},
    "home.no_sessions": {"en": "No session has been played yet.",
                         "ru": "Ещё не сыграно ни одной сессии.",
                         "uk": "Ще не зіграно жодної сесії."},
    "home.recent_finds": {"en": "Recently found", "ru": "Недавние находки",
                          "uk": "Нещодавні знахідки"},
    "home.at_a_glance": {"en": "At a glance", "ru": "Коротко", "uk": "Коротко"},
    "home.stats": {"en": "{sessions} played, {hexes} explored, {places} found.",
                   "ru": "Сыграно: {sessions}; разведано: {hexes}; найдено: {places}.",
                   "uk": "Зіграно: {sessions}; розвідано: {hexes}; знайдено: {places}."},
    "home.open_map": {"en": "Open the map", "ru": "Открыть карту", "uk": "Відкрити мапу"},
    "home.party_more": {"en": "Members, resources and their history",
                        "ru": "Участники, ресурсы и их история",
                        "uk": "Учасники, ресурси та їхня історія"},
    "home.timeline_more": {"en": "The campaign day by day", "ru": "Кампания день за днём",
                           "uk": "Кампанія день за днем"},
    # party and resources
    "party.title": {"en": "The party", "ru": "Отряд", "uk": "Загін"},
    "party.member": {"en": "Member", "ru": "Участник", "uk": "Учасник"},
    "party.condition": {"en": "Condition", "ru": "Состояние", "uk": "Стан"},
    "party.fine": {"en": "fine", "ru": "в порядке", "uk": "гаразд"},
    "party.nonlethal": {"en": "{n} nonlethal", "ru": "несмертельный урон {n}",
                        "uk": "несмертельна шкода {n}"},
    "party.lethal": {"en": "{n} lethal", "ru": "урон {n}", "uk": "шкода {n}"},
    "party.fatigued": {"en": "fatigued", "ru": "утомлён", "uk": "втомлений"},
    "party.doomed": {"en": "doomed", "ru": "обречён", "uk": "приречений"},
    "party.members": {"en": "Members", "ru": "Участники", "uk": "Учасники"},
    "party.none": {"en": "No members.", "ru": "Участников нет.", "uk": "Учасників немає."},
    "party.speed": {"en": "Speed", "ru": "Скорость", "uk": "Швидкість"},
    "party.speed_value": {"en": "{feet} ft, {mph} mph", "ru": "{feet} фт, {mph} миль/ч",
                          "uk": "{feet} фт, {mph} миль/год"},
    "party.mph": {"en": "{mph} mph", "ru": "{mph} миль/ч", "uk": "{mph} миль/год"},
    "party.mount": {"en": "Mount", "ru": "Верховое животное", "uk": "Верхова тварина"},
    "party.on_foot": {"en": "on foot", "ru": "пешком", "uk": "пішки"},
    "party.loaded": {"en": "{mount}, loaded", "ru": "{mount}, с грузом",
                     "uk": "{mount}, з вантажем"},
    "party.sessions": {"en": "Sessions", "ru": "Сессии", "uk": "Сесії"},
    "party.former": {"en": "not in the last session", "ru": "не был в последней сессии",
                     "uk": "не був в останній сесії"},
    "party.navigator": {"en": "navigator", "ru": "штурман", "uk": "штурман"},
    "party.scores": {"en": "Scores", "ru": "Характеристики", "uk": "Характеристики"},
    "party.survival": {"en": "Survival", "ru": "Выживание", "uk": "Виживання"},
    "party.con": {"en": "Con", "ru": "Тел", "uk": "Стт"},
    "party.knowledge_geography": {"en": "Knowledge (geography)", "ru": "Знание (география)",
                                  "uk": "Знання (географія)"},
    "party.knowledge_local": {"en": "Knowledge (local)", "ru": "Знание (местность)",
                              "uk": "Знання (місцевість)"},
    "party.stealth": {"en": "Stealth", "ru": "Скрытность", "uk": "Скритність"},
    "party.perception": {"en": "Perception", "ru": "Восприятие", "uk": "Сприйняття"},
    "party.initiative": {"en": "Initiative", "ru": "Инициатива", "uk": "Ініціатива"},
    "party.level": {"en": "Level", "ru": "Уровень", "uk": "Рівень"},
    "party.notes": {"en": "Notes", "ru": "Заметки", "uk": "Нотатки"},
    "party.conditions_note": {"en": "Conditions after the last session.",
                              "ru": "Состояние после последней сессии.",
                              "uk": "Стан після останньої сесії."},
    "mount.horse": {"en": "horse", "ru": "лошадь", "uk": "кінь"},
    "mount.pony": {"en": "pony", "ru": "пони", "uk": "поні"},
    "mount.riding_dog": {"en": "riding dog", "ru": "ездовая собака", "uk": "їздовий пес"},
    "mount.cart": {"en": "cart", "ru": "телега", "uk": "віз"},
    "mount.wagon": {"en": "wagon", "ru": "фургон", "uk": "фура"},
    "resource.title": {"en": "Resources", "ru": "Ресурсы", "uk": "Ресурси"},
    "resource.name": {"en": "Resource", "ru": "Ресурс", "uk": "Ресурс"},
    "resource.owner": {"en": "Owner", "ru": "Владелец", "uk": "Власник"},
    "resource.now": {"en": "Die now", "ru": "Кость сейчас", "uk": "Кість зараз"},
    "resource.start": {"en": "Started at", "ru": "Начальная", "uk": "Початкова"},
    "resource.history": {"en": "History of {name}", "ru": "История: {name}",
                         "uk": "Історія: {name}"},
    "resource.session": {"en": "Session", "ru": "Сессия", "uk": "Сесія"},
    "resource.day": {"en": "Day", "ru": "День", "uk": "День"},
    "resource.by": {"en": "By", "ru": "Кто", "uk": "Хто"},
    "resource.roll": {"en": "Roll", "ru": "Бросок", "uk": "Кидок"},
    "resource.die": {"en": "Die", "ru": "Кость", "uk": "Кість"},
    "resource.why": {"en": "Why", "ru": "Причина", "uk": "Причина"},
    "resource.doom": {"en": "doom die", "ru": "кость рока", "uk": "кість фатуму"},
    "resource.none": {"en": "No resources yet.", "ru": "Ресурсов пока нет.",
                      "uk": "Ресурсів поки немає."},
    "resource.ladder": {"en": "Usage die: {now}, started at {start}",
                        "ru": "Кость использования: {now}, начальная {start}",
                        "uk": "Кість використання: {now}, початкова {start}"},
    "resource.rolls": {"en": "Rolls", "ru": "Броски", "uk": "Кидки"},
    "resource.campaign": {"en": "campaign", "ru": "кампания", "uk": "кампанія"},
    "resource.no_history": {"en": "Not rolled yet.", "ru": "Ещё не бросали.",
                            "uk": "Ще не кидали."},
    "reason.tempting_fate": {"en": "tempting fate", "ru": "искушение судьбы",
                             "uk": "спокушання долі"},
    "die.exhausted": {"en": "exhausted", "ru": "исчерпан", "uk": "вичерпаний"},
    "reason.use": {"en": "used", "ru": "использование", "uk": "використання"},
    "reason.doom": {"en": "doom (critical failure)", "ru": "рок (критический провал)",
                    "uk": "фатум (критичний провал)"},
    "reason.long_rest": {"en": "long rest", "ru": "долгий отдых", "uk": "тривалий відпочинок"},
    "reason.declared": {"en": "declared", "ru": "объявлен", "uk": "оголошений"},
    # map
    "map.legend": {"en": "Legend", "ru": "Легенда", "uk": "Легенда"},
    "map.terrain": {"en": "Terrain", "ru": "Местность", "uk": "Місцевість"},
    "map.paths": {"en": "Roads and rivers", "ru": "Дороги и реки", "uk": "Дороги й ріки"},
    "map.tracks": {"en": "Tracks", "ru": "Маршруты", "uk": "Маршрути"},
    "map.true_track": {"en": "true track", "ru": "истинный путь", "uk": "справжній шлях"},
    "map.believed_track": {"en": "believed track", "ru": "предполагаемый путь",
                           "uk": "гаданий шлях"},
    "map.party": {"en": "The party", "ru": "Отряд", "uk": "Загін"},
    "map.party_believed": {"en": "where the party believes it is",
                           "ru": "где отряд считает, что находится",
                           "uk": "де загін вважає, що перебуває"},
    "map.location": {"en": "Location", "ru": "Место", "uk": "Місце"},
    "map.fog": {"en": "Unexplored", "ru": "Не разведано", "uk": "Не розвідано"},
    "map.known_places": {"en": "Named lands", "ru": "Известные края",
                         "uk": "Відомі краї"},
    "map.hint": {"en": "Scroll or pinch to zoom, drag to pan, double-click to reset.",
                 "ru": "Колесо или щипок — масштаб, перетаскивание — сдвиг, "
                       "двойной щелчок — сброс.",
                 "uk": "Коліщатко чи щипок — масштаб, перетягування — зсув, "
                       "подвійне клацання — скидання."},
    "map.download": {"en": "Download the map (SVG)", "ru": "Скачать карту (SVG)",
                     "uk": "Завантажити мапу (SVG)"},
    "map.nothing": {"en": "Nothing explored yet.", "ru": "Пока ничего не разведано.",
                    "uk": "Поки нічого не розвідано."},
    "map.session": {"en": "Session {n}", "ru": "Сессия {n}", "uk": "Сесія {n}"},
    "map.route": {"en": "Route", "ru": "Маршрут", "uk": "Маршрут"},
    "map.explored": {"en": "The map at the end of the session",
                     "ru": "Карта на конец сессии", "uk": "Мапа наприкінці сесії"},
    "map.explored_intro": {"en": "What the players knew when the session ended: {hexes} "
                                 "explored, {new} of them in this session.",
                           "ru": "Что знали игроки к концу сессии: разведано {hexes}, "
                                 "из них в этой сессии — {new}.",
                           "uk": "Що знали гравці наприкінці сесії: розвідано {hexes}, "
                                 "з них у цій сесії — {new}."},
    "map.this_session": {"en": "this session", "ru": "эта сессия", "uk": "ця сесія"},
    "map.earlier_sessions": {"en": "earlier sessions", "ru": "прежние сессии",
                             "uk": "попередні сесії"},
    "map.new_hexes": {"en": "explored in this session", "ru": "разведано в этой сессии",
                      "uk": "розвідано в цій сесії"},
    # sessions
    "sessions.title": {"en": "Sessions", "ru": "Сессии", "uk": "Сесії"},
    "sessions.none": {"en": "No session has been played yet.",
                      "ru": "Ещё не сыграно ни одной сессии.",
                      "uk": "Ще не зіграно жодної сесії."},
    "session.heading": {"en": "Session {n}: {title}", "ru": "Сессия {n}: {title}",
                        "uk": "Сесія {n}: {title}"},
    "session.number": {"en": "No.", "ru": "№", "uk": "№"},
    "session.title": {"en": "Title", "ru": "Название", "uk": "Назва"},
    "session.date": {"en": "Played", "ru": "Дата игры", "uk": "Дата гри"},
    "session.game_time": {"en": "In the game", "ru": "В игре", "uk": "У грі"},
    "session.duration": {"en": "Time passed", "ru": "Прошло времени",
                         "uk": "Минуло часу"},
    "session.distance": {"en": "Distance", "ru": "Расстояние", "uk": "Відстань"},
    "session.members": {"en": "Party", "ru": "Отряд", "uk": "Загін"},
    "session.found": {"en": "Places found", "ru": "Найденные места",
                      "uk": "Знайдені місця"},
    "session.chronicle": {"en": "Chronicle", "ru": "Хроника", "uk": "Хроніка"},
    "session.from_to": {"en": "{start} → {end}", "ru": "{start} → {end}",
                        "uk": "{start} → {end}"},
    "session.heading_to": {"en": "heading {face}", "ru": "курс: {face}",
                           "uk": "курс: {face}"},
    "session.entered": {"en": "into {places}", "ru": "в {places}", "uk": "у {places}"},
    "session.stayed": {"en": "in {place}", "ru": "в {place}", "uk": "у {place}"},
    "session.unknown_place": {"en": "an unknown place", "ru": "неизвестное место",
                              "uk": "невідоме місце"},
    "session.knows_lost": {"en": "The party knows it is lost.",
                           "ru": "Отряд понимает, что заблудился.",
                           "uk": "Загін розуміє, що заблукав."},
    "session.found_here": {"en": "Found", "ru": "Найдено", "uk": "Знайдено"},
    "session.previous": {"en": "Previous", "ru": "Предыдущая", "uk": "Попередня"},
    "session.next": {"en": "Next", "ru": "Следующая", "uk": "Наступна"},
    "session.day": {"en": "Day {day}", "ru": "День {day}", "uk": "День {day}"},
    "session.gm_notes": {"en": "GM notes", "ru": "Заметки мастера",
                         "uk": "Нотатки майстра"},
    "session.overview": {"en": "Watch by watch", "ru": "Вахта за вахтой",
                         "uk": "Вахта за вахтою"},
    "session.watches": {"en": "Watches in detail", "ru": "Вахты подробно",
                        "uk": "Вахти докладно"},
    "session.warnings": {"en": "Warnings", "ru": "Предупреждения",
                         "uk": "Попередження"},
    "session.source": {"en": "Source", "ru": "Источник", "uk": "Джерело"},
    "session.no_watches": {"en": "No watches were logged.",
                           "ru": "Вахты не записаны.", "uk": "Вахти не записані."},
    "session.end_position": {"en": "At the end", "ru": "В конце", "uk": "Наприкінці"},
    # GM watch tables
    "watch.col.n": {"en": "#", "ru": "#", "uk": "#"},
    "watch.col.time": {"en": "Time", "ru": "Время", "uk": "Час"},
    "watch.col.activity": {"en": "Activity", "ru": "Действие", "uk": "Дія"},
    "watch.col.true": {"en": "True hexes", "ru": "Истинные гексы", "uk": "Справжні гекси"},
    "watch.col.believed": {"en": "Believed", "ru": "Предполагаемые", "uk": "Гадані"},
    "watch.col.miles": {"en": "Miles", "ru": "Мили", "uk": "Милі"},
    "watch.col.lost": {"en": "Lost", "ru": "Заблудились", "uk": "Заблукали"},
    "watch.col.veer": {"en": "Veer", "ru": "Откл.", "uk": "Відх."},
    "watch.col.encounters": {"en": "Encounters", "ru": "Встречи", "uk": "Зустрічі"},
    "chase.rounds": {"en": "Chase, in initiative order", "ru": "Погоня, в порядке инициативы",
                     "uk": "Погоня, в порядку ініціативи"},
    "chase.col.round": {"en": "Round", "ru": "Раунд", "uk": "Раунд"},
    "chase.col.who": {"en": "Participant", "ru": "Участник", "uk": "Учасник"},
    "chase.col.feet": {"en": "Feet along the way", "ru": "Футы пути", "uk": "Фути шляху"},
    "chase.col.dashes": {"en": "Dashes", "ru": "Рывки", "uk": "Ривки"},
    "chase.col.exhaustion": {"en": "Exhaustion", "ru": "Истощение", "uk": "Виснаження"},
    "chase.col.events": {"en": "What happened", "ru": "Что произошло", "uk": "Що сталося"},
    "chase.free": {"en": "{n} free", "ru": "{n} без риска", "uk": "{n} без ризику"},
    "chase.con": {"en": "Con check: {outcome}", "ru": "проверка Телосложения: {outcome}",
                  "uk": "перевірка Статури: {outcome}"},
    "chase.slowed": {"en": "slowed by a complication", "ru": "замедлен осложнением",
                     "uk": "сповільнений ускладненням"},
    "chase.complication": {"en": "complication for {who}", "ru": "осложнение для {who}",
                           "uk": "ускладнення для {who}"},
    "chase.dropped": {"en": "drops out", "ru": "выбывает", "uk": "вибуває"},
    "chase.end_of_round": {"en": "end of the round", "ru": "конец раунда",
                           "uk": "кінець раунду"},
    "chase.caught": {"en": "{pursuer} catches {quarry}", "ru": "{pursuer} ловит {quarry}",
                     "uk": "{pursuer} ловить {quarry}"},
    "chase.escape_yes": {"en": "escapes", "ru": "скрылся", "uk": "втік"},
    "chase.escape_no": {"en": "fails to escape", "ru": "не смог скрыться",
                        "uk": "не зміг втекти"},
    "chase.in_sight": {"en": "still in sight", "ru": "всё ещё на виду",
                       "uk": "досі на виду"},
    "watch.col.rolls": {"en": "Rolls", "ru": "Броски", "uk": "Кидки"},
    "watch.start": {"en": "Start", "ru": "Начало", "uk": "Початок"},
    "watch.end": {"en": "End", "ru": "Конец", "uk": "Кінець"},
    "watch.entered": {"en": "Entered", "ru": "Пройдено", "uk": "Пройдено"},
    "watch.progress": {"en": "Progress in hex", "ru": "Продвижение в гексе",
                       "uk": "Просування в гексі"},
    "watch.heading": {"en": "Heading", "ru": "Курс", "uk": "Курс"},
    "watch.exit": {"en": "Left by", "ru": "Выход через", "uk": "Вихід через"},
    "watch.knows_lost": {"en": "knows it is lost", "ru": "знает, что заблудился",
                         "uk": "знає, що заблукав"},
    "watch.found": {"en": "Found", "ru": "Найдено", "uk": "Знайдено"},
    "watch.revealed": {"en": "Revealed", "ru": "Открыто", "uk": "Відкрито"},
    "watch.true": {"en": "True", "ru": "Истинно", "uk": "Справжнє"},
    "watch.believed": {"en": "Believed", "ru": "Предполагаемо", "uk": "Гадане"},
    "watch.none": {"en": "—", "ru": "—", "uk": "—"},
    "watch.yes": {"en": "yes", "ru": "да", "uk": "так"},
    "watch.no": {"en": "no", "ru": "нет", "uk": "ні"},
    "watch.notes": {"en": "Notes", "ru": "Заметки", "uk": "Нотатки"},
    "roll.purpose": {"en": "Purpose", "ru": "Цель", "uk": "Мета"},
    "roll.dice": {"en": "Dice", "ru": "Кости", "uk": "Кості"},
    "roll.natural": {"en": "Natural", "ru": "Выпало", "uk": "Випало"},
    "roll.total": {"en": "Total", "ru": "Итог", "uk": "Підсумок"},
    "roll.target": {"en": "Target", "ru": "Цель (СЛ)", "uk": "Ціль (СС)"},
    "roll.outcome": {"en": "Outcome", "ru": "Исход", "uk": "Наслідок"},
    "roll.source": {"en": "Rolled", "ru": "Бросок", "uk": "Кидок"},
    "roll.recorded": {"en": "at the table", "ru": "за столом", "uk": "за столом"},
    "roll.seeded": {"en": "seeded", "ru": "генератор", "uk": "генератор"},
    "roll.detail": {"en": "Detail", "ru": "Подробности", "uk": "Подробиці"},
    "roll.none": {"en": "No rolls.", "ru": "Бросков нет.", "uk": "Кидків немає."},
    "encounter.table": {"en": "table", "ru": "таблица", "uk": "таблиця"},
    "encounter.roll": {"en": "roll", "ru": "бросок", "uk": "кидок"},
    "encounter.distance": {"en": "distance {d} ft", "ru": "дистанция {d} фт",
                           "uk": "дистанція {d} фт"},
    "encounter.reaction": {"en": "reaction", "ru": "реакция", "uk": "реакція"},
    "encounter.cancelled": {"en": "cancelled", "ru": "отменена", "uk": "скасована"},
    # locations
    "locations.title": {"en": "Locations", "ru": "Места", "uk": "Місця"},
    "locations.none": {"en": "No places found yet.", "ru": "Пока ничего не найдено.",
                       "uk": "Поки нічого не знайдено."},
    "locations.name": {"en": "Name", "ru": "Название", "uk": "Назва"},
    "locations.hex": {"en": "Hex", "ru": "Гекс", "uk": "Гекс"},
    "locations.tags": {"en": "Tags", "ru": "Метки", "uk": "Мітки"},
    "locations.found": {"en": "Found", "ru": "Найдено", "uk": "Знайдено"},
    "locations.found_in": {"en": "Found in session {n}", "ru": "Найдено в сессии {n}",
                           "uk": "Знайдено в сесії {n}"},
    "locations.not_found": {"en": "not found yet", "ru": "ещё не найдено",
                            "uk": "ще не знайдено"},
    "locations.gm_only": {"en": "GM only", "ru": "только мастеру", "uk": "лише майстрові"},
    "locations.visibility": {"en": "Visibility", "ru": "Видимость", "uk": "Видимість"},
    "locations.visible_from": {"en": "seen from {n} hexes", "ru": "видно за {n} гекс.",
                               "uk": "видно за {n} гекс."},
    "locations.on": {"en": "On", "ru": "На пути", "uk": "На шляху"},
    "locations.tables": {"en": "Tables", "ru": "Таблицы", "uk": "Таблиці"},
    "locations.facts": {"en": "For the GM", "ru": "Для мастера", "uk": "Для майстра"},
    "locations.status": {"en": "Status", "ru": "Статус", "uk": "Статус"},
    "visibility.normal": {"en": "normal", "ru": "обычная", "uk": "звичайна"},
    "visibility.visible": {"en": "visible from afar", "ru": "видно издалека",
                           "uk": "видно здалеку"},
    "visibility.hidden": {"en": "hidden", "ru": "скрыто", "uk": "приховано"},
    # hex key
    "hexkey.title": {"en": "Hex key", "ru": "Ключ гексов", "uk": "Ключ гексів"},
    "hexkey.intro": {"en": "Every hex of the map by region. Click a hex on the map to "
                           "jump to its entry.",
                     "ru": "Все гексы карты по регионам. Щёлкните гекс на карте, чтобы "
                           "перейти к его описанию.",
                     "uk": "Усі гекси мапи за регіонами. Клацніть гекс на мапі, щоб "
                           "перейти до його опису."},
    "hexkey.region": {"en": "Region", "ru": "Регион", "uk": "Регіон"},
    "hexkey.hexes": {"en": "Hexes", "ru": "Гексы", "uk": "Гекси"},
    "hexkey.other": {"en": "Other hexes", "ru": "Прочие гексы", "uk": "Інші гекси"},
    "hexkey.all": {"en": "All hexes", "ru": "Все гексы", "uk": "Усі гекси"},
    "hexkey.plain": {"en": "Plain hexes", "ru": "Обычные гексы", "uk": "Звичайні гекси"},
    "hexkey.visits": {"en": "Visits", "ru": "Посещения", "uk": "Відвідини"},
    "hexkey.visited": {"en": "visited for {n}", "ru": "провели {n}", "uk": "провели {n}"},
    "hexkey.lost_here": {"en": "{n} of them lost", "ru": "из них {n} заблудившись",
                         "uk": "з них {n} заблукавши"},
    "hexkey.explored": {"en": "explored by the players", "ru": "разведан игроками",
                        "uk": "розвіданий гравцями"},
    "hexkey.unexplored": {"en": "unknown to the players", "ru": "неизвестен игрокам",
                          "uk": "невідомий гравцям"},
    "hexkey.tables": {"en": "Encounter tables", "ru": "Таблицы встреч",
                      "uk": "Таблиці зустрічей"},
    "hexkey.locations": {"en": "Locations", "ru": "Места", "uk": "Місця"},
    "hexkey.on_map": {"en": "on the map", "ru": "на карте", "uk": "на мапі"},
    "hexkey.terrain": {"en": "Terrain", "ru": "Местность", "uk": "Місцевість"},
    "hexkey.secret": {"en": "Secret", "ru": "Тайна", "uk": "Таємниця"},
    "hexkey.paths": {"en": "Roads and rivers", "ru": "Дороги и реки", "uk": "Дороги й ріки"},
    "density.sparse": {"en": "sparse", "ru": "редкий", "uk": "рідкий"},
    "density.medium": {"en": "medium", "ru": "средний", "uk": "середній"},
    "density.dense": {"en": "dense", "ru": "густой", "uk": "густий"},
    # tables
    "tables.title": {"en": "Tables", "ru": "Таблицы", "uk": "Таблиці"},
    "tables.none": {"en": "No tables.", "ru": "Таблиц нет.", "uk": "Таблиць немає."},
    "tables.roll": {"en": "Roll", "ru": "Бросок", "uk": "Кидок"},
    "tables.result": {"en": "Result", "ru": "Результат", "uk": "Результат"},
    "tables.notes": {"en": "Notes", "ru": "Примечания", "uk": "Примітки"},
    "tables.roll_on": {"en": "roll on {table}", "ru": "бросок по «{table}»",
                       "uk": "кидок за «{table}»"},
    "tables.distance": {"en": "distance {d}", "ru": "дистанция {d}", "uk": "дистанція {d}"},
    "tables.reaction": {"en": "reaction roll", "ru": "бросок реакции",
                        "uk": "кидок реакції"},
    "tables.audience": {"en": "Audience", "ru": "Для кого", "uk": "Для кого"},
    "tables.audience.gm": {"en": "GM only", "ru": "только мастеру", "uk": "лише майстрові"},
    "tables.audience.players": {"en": "shown to players", "ru": "видна игрокам",
                                "uk": "видима гравцям"},
    "tables.used_by": {"en": "Used by", "ru": "Используется", "uk": "Використовується"},
    # timeline
    "timeline.title": {"en": "Timeline", "ru": "Хронология", "uk": "Хронологія"},
    "timeline.intro": {"en": "The campaign day by day, in the game's own time.",
                       "ru": "Кампания день за днём, по игровому времени.",
                       "uk": "Кампанія день за днем, за ігровим часом."},
    "timeline.none": {"en": "Nothing has happened yet.", "ru": "Пока ничего не произошло.",
                      "uk": "Поки нічого не сталося."},
    "timeline.later": {"en": "{days} later", "ru": "{days} спустя", "uk": "{days} по тому"},
    "timeline.session_start": {"en": "Session {n} begins: {title}",
                               "ru": "Начало сессии {n}: {title}",
                               "uk": "Початок сесії {n}: {title}"},
    "timeline.session_end": {"en": "Session {n} ends", "ru": "Конец сессии {n}",
                             "uk": "Кінець сесії {n}"},
    "timeline.found": {"en": "Found", "ru": "Найдено", "uk": "Знайдено"},
    "timeline.lost": {"en": "The party strays off course", "ru": "Отряд сбивается с пути",
                      "uk": "Загін збивається зі шляху"},
    "timeline.realised": {"en": "The party realises it is lost",
                          "ru": "Отряд понимает, что заблудился",
                          "uk": "Загін розуміє, що заблукав"},
    "timeline.reanchored": {"en": "The party knows where it is again",
                            "ru": "Отряд снова знает, где он",
                            "uk": "Загін знову знає, де він"},
    "timeline.encounter": {"en": "Encounter", "ru": "Встреча", "uk": "Зустріч"},
    "timeline.revealed": {"en": "Revealed to the players", "ru": "Открыто игрокам",
                          "uk": "Відкрито гравцям"},
    # time
    "time.when": {"en": "day {day}, {watch}", "ru": "день {day}, {watch}",
                  "uk": "день {day}, {watch}"},
    "time.watch": {"en": "watch {n} ({name})", "ru": "вахта {n} ({name})",
                   "uk": "вахта {n} ({name})"},
    "time.watch.1": {"en": "small hours", "ru": "глубокая ночь", "uk": "глупа ніч"},
    "time.watch.2": {"en": "dawn", "ru": "рассвет", "uk": "світанок"},
    "time.watch.3": {"en": "morning", "ru": "утро", "uk": "ранок"},
    "time.watch.4": {"en": "afternoon", "ru": "день", "uk": "день"},
    "time.watch.5": {"en": "evening", "ru": "вечер", "uk": "вечір"},
    "time.watch.6": {"en": "night", "ru": "ночь", "uk": "ніч"},
    "time.and": {"en": "{a} and {b}", "ru": "{a} и {b}", "uk": "{a} і {b}"},
    # activities
    "activity.travel": {"en": "Travel", "ru": "Переход", "uk": "Перехід"},
    "activity.rest": {"en": "Rest", "ru": "Отдых", "uk": "Відпочинок"},
    "activity.camp": {"en": "Camp", "ru": "Лагерь", "uk": "Табір"},
    "activity.sleep": {"en": "Sleep", "ru": "Сон", "uk": "Сон"},
    "activity.search": {"en": "Search", "ru": "Поиски", "uk": "Пошуки"},
    "activity.reorient": {"en": "Reorient", "ru": "Ориентирование", "uk": "Орієнтування"},
    "activity.encounter": {"en": "Encounter", "ru": "Встреча", "uk": "Зустріч"},
    "activity.chase": {"en": "Chase", "ru": "Погоня", "uk": "Погоня"},
    # faces
    "face.N": {"en": "north", "ru": "север", "uk": "північ"},
    "face.NE": {"en": "north-east", "ru": "северо-восток", "uk": "північний схід"},
    "face.E": {"en": "east", "ru": "восток", "uk": "схід"},
    "face.SE": {"en": "south-east", "ru": "юго-восток", "uk": "південний схід"},
    "face.S": {"en": "south", "ru": "юг", "uk": "південь"},
    "face.SW": {"en": "south-west", "ru": "юго-запад", "uk": "південний захід"},
    "face.W": {"en": "west", "ru": "запад", "uk": "захід"},
    "face.NW": {"en": "north-west", "ru": "северо-запад", "uk": "північний захід"},
    # path kinds
    "path.highway": {"en": "highway", "ru": "тракт", "uk": "тракт"},
    "path.road": {"en": "road", "ru": "дорога", "uk": "дорога"},
    "path.trail": {"en": "trail", "ru": "тропа", "uk": "стежка"},
    "path.river": {"en": "river", "ru": "река", "uk": "ріка"},
    # roll purposes
    "purpose.navigation": {"en": "Navigation", "ru": "Навигация", "uk": "Навігація"},
    "purpose.distance": {"en": "Distance", "ru": "Расстояние", "uk": "Відстань"},
    "purpose.veer": {"en": "Veer", "ru": "Отклонение", "uk": "Відхилення"},
    "purpose.realise": {"en": "Realise lost", "ru": "Осознать, что заблудились",
                        "uk": "Усвідомити, що заблукали"},
    "purpose.encounter": {"en": "Encounter check", "ru": "Проверка встречи",
                          "uk": "Перевірка зустрічі"},
    "purpose.forage": {"en": "Forage", "ru": "Добыча пищи", "uk": "Добування їжі"},
    "purpose.march": {"en": "Forced march", "ru": "Форсированный марш",
                      "uk": "Форсований марш"},
    "purpose.reorient": {"en": "Reorient", "ru": "Ориентирование", "uk": "Орієнтування"},
    "purpose.reaction": {"en": "Reaction", "ru": "Реакция", "uk": "Реакція"},
    "purpose.table": {"en": "Table", "ru": "Таблица", "uk": "Таблиця"},
    "purpose.search": {"en": "Search", "ru": "Поиски", "uk": "Пошуки"},
    "purpose.moment": {"en": "Moment", "ru": "Момент", "uk": "Момент"},
    # outcomes
    "outcome.success": {"en": "success", "ru": "успех", "uk": "успіх"},
    "outcome.failure": {"en": "failure", "ru": "провал", "uk": "провал"},
    "outcome.critical": {"en": "critical", "ru": "критический успех",
                         "uk": "критичний успіх"},
    "outcome.critical_success": {"en": "critical success", "ru": "критический успех",
                                 "uk": "критичний успіх"},
    "outcome.critical_failure": {"en": "critical failure", "ru": "критический провал",
                                 "uk": "критичний провал"},
    "outcome.special": {"en": "special success", "ru": "особый успех",
                        "uk": "особливий успіх"},
    "outcome.fumble": {"en": "fumble", "ru": "фатальный провал", "uk": "фатальний провал"},
    "outcome.encounter": {"en": "encounter", "ru": "встреча", "uk": "зустріч"},
    "outcome.none": {"en": "none", "ru": "нет", "uk": "немає"},
    # encounter kinds
    "kind.wandering": {"en": "wandering", "ru": "блуждающая", "uk": "блукальна"},
    "kind.keyed": {"en": "keyed", "ru": "ключевая", "uk": "ключова"},
    "kind.logged": {"en": "logged", "ru": "записанная", "uk": "записана"},
    "kind.search": {"en": "search", "ru": "поиск", "uk": "пошук"},
    "kind.chase": {"en": "chase", "ru": "погоня", "uk": "погоня"},
    # reactions
    "reaction.attacks": {"en": "attacks", "ru": "нападает", "uk": "нападає"},
    "reaction.hostile": {"en": "hostile", "ru": "враждебна", "uk": "ворожа"},
    "reaction.cautious": {"en": "cautious", "ru": "осторожна", "uk": "обережна"},
    "reaction.neutral": {"en": "neutral", "ru": "нейтральна", "uk": "нейтральна"},
    "reaction.friendly": {"en": "friendly", "ru": "дружелюбна", "uk": "дружня"},
    # built-in terrain names
    "terrain.desert": {"en": "Desert", "ru": "Пустыня", "uk": "Пустеля"},
    "terrain.forest": {"en": "Forest", "ru": "Лес", "uk": "Ліс"},
    "terrain.hills": {"en": "Hills", "ru": "Холмы", "uk": "Пагорби"},
    "terrain.jungle": {"en": "Jungle", "ru": "Джунгли", "uk": "Джунглі"},
    "terrain.moor": {"en": "Moor", "ru": "Пустошь", "uk": "Пустище"},
    "terrain.mountains": {"en": "Mountains", "ru": "Горы", "uk": "Гори"},
    "terrain.plains": {"en": "Plains", "ru": "Равнины", "uk": "Рівнини"},
    "terrain.swamp": {"en": "Swamp", "ru": "Болото", "uk": "Болото"},
    "terrain.tundra": {"en": "Tundra", "ru": "Тундра", "uk": "Тундра"},
    "terrain.lake": {"en": "Lake", "ru": "Озеро", "uk": "Озеро"},
    "terrain.sea": {"en": "Sea", "ru": "Море", "uk": "Море"},
}

#: noun -> {language: plural forms}: English (one, other), Russian/Ukrainian (one, few, many).
PLURALS: dict[str, dict[str, tuple[str, ...]]] = {
    "watch": {"en": ("watch", "watches"), "ru": ("вахта", "вахты", "вахт"),
              "uk": ("вахта", "вахти", "вахт")},
    "day": {"en": ("day", "days"), "ru": ("день", "дня", "дней"),
            "uk": ("день", "дні", "днів")},
    "mile": {"en": ("mile", "miles"), "ru": ("миля", "мили", "миль"),
             "uk": ("миля", "милі", "миль")},
    "session": {"en": ("session", "sessions"), "ru": ("сессия", "сессии", "сессий"),
                "uk": ("сесія", "сесії", "сесій")},
    "hex": {"en": ("hex", "hexes"), "ru": ("гекс", "гекса", "гексов"),
            "uk": ("гекс", "гекси", "гексів")},
    "place": {"en": ("place", "places"), "ru": ("место", "места", "мест"),
              "uk": ("місце", "місця", "місць")},
}


def plural_index(language: str, n: int) -> int:
    """Which plural form a count takes (CLDR rules for integers)."""
    if language in ("ru", "uk"):
        if n % 10 == 1 and n % 100 != 11:
            return 0
        if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
            return 1
        return 2
    return 0 if n == 1 else 1


class Translator:
    """Interface strings of one language; templates call it as ``t("key", name=...)``.

    ``strings`` is the table to read (key -> language -> text); the reference sheets pass
    their own. Unknown languages fall back to English, and so do missing translations.
    """

    def __init__(self, language: str,
                 strings: Mapping[str, Mapping[str, str]] | None = None) -> None:
        self.language = language if language in LANGUAGES else "en"
        self.strings = STRINGS if strings is None else strings

    def __call__(self, key: str, **values: Any) -> str:
        entry = self.strings[key]
        text = entry.get(self.language) or entry["en"]
        return text.format(**values) if values else text

    def maybe(self, key: str, default: str) -> str:
        """A string that may not exist (e.g. an outcome the rules add later)."""
        if key in self.strings:
            return self(key)
        return default.replace("_", " ")

    def noun(self, n: int, noun: str) -> str:
        forms = PLURALS[noun].get(self.language) or PLURALS[noun]["en"]
        return forms[min(plural_index(self.language, n), len(forms) - 1)]

    def count(self, n: int | float, noun: str) -> str:
        """``3 watches``; fractional counts take the 'few'/'other' form."""
        if isinstance(n, float) and not n.is_integer():
            text = f"{n:.1f}".rstrip("0").rstrip(".")
            forms = PLURALS[noun].get(self.language) or PLURALS[noun]["en"]
            return f"{text} {forms[1]}"
        return f"{int(n)} {self.noun(int(n), noun)}"

    def watch(self, n: int) -> str:
        return self("time.watch", n=n, name=self.maybe(f"time.watch.{n}", str(n)))

    def when(self, day: int, watch: int) -> str:
        """``day 3, watch 2 (dawn)``."""
        return self("time.when", day=day, watch=self.watch(watch))

    def duration(self, watches: int) -> str:
        """``1 day and 2 watches`` for a number of watches (6 a day)."""
        days, rest = divmod(max(watches, 0), 6)
        if days and rest:
            return self("time.and", a=self.count(days, "day"), b=self.count(rest, "watch"))
        if days:
            return self.count(days, "day")
        return self.count(rest, "watch")

    def terrain(self, terrain: TerrainView) -> str:
        """A terrain's name: built-in names translated, a campaign's own names as written."""
        if terrain.builtin:
            return self.maybe(f"terrain.{terrain.id}", terrain.name)
        return terrain.name

    def face(self, face: str | None) -> str:
        return self.maybe(f"face.{face}", face or "")
