"""Every word of the reference sheets in English, Russian and Ukrainian, in our own words.

The rules come from the seeds (Russian and Ukrainian texts of published games); the numbers
carry over as facts, the sentences here are ours. Each entry lists the three languages side by
side so a missing translation shows at a glance; ``tests/test_reference.py`` checks that every
key has all three and that their ``{placeholders}`` agree.

>>> Translator("uk")("page.travel")
'Подорож'
>>> Translator("de")("page.travel")  # unknown languages fall back to English
'Travel'
"""

from __future__ import annotations

from generator.render.i18n import Translator as _Translator

LANGUAGES = ("en", "ru", "uk")


def _s(en: str, ru: str, uk: str) -> dict[str, str]:
    return {"en": en, "ru": ru, "uk": uk}


STRINGS: dict[str, dict[str, str]] = {
    # -- words used everywhere ---------------------------------------------------------------
    "w.dc": _s("DC", "СЛ", "КС"),
    "w.ft": _s("ft", "фт", "фт"),
    "w.terrain": _s("Terrain", "Местность", "Місцевість"),
    "w.gm_only": _s("GM only", "Только для мастера", "Лише для майстра"),
    "w.in_use": _s("this campaign", "в этой кампании", "у цій кампанії"),
    "w.see": _s("See also", "См. также", "Див. також"),
    "w.system.d20": _s("d20 (DC and modifier)", "d20 (СЛ и модификатор)",
                       "d20 (КС і модифікатор)"),
    "w.system.brp": _s("Basic Roleplaying (percentiles)", "Basic Roleplaying (проценты)",
                       "Basic Roleplaying (відсотки)"),
    "w.system.bsh": _s("Black Sword Hack (roll under)", "Black Sword Hack (бросок под)",
                       "Black Sword Hack (кидок під)"),
    "w.yes": _s("yes", "да", "так"),
    "w.no": _s("no", "нет", "ні"),
    # -- page titles -------------------------------------------------------------------------
    "page.index": _s("Rules reference", "Справочник правил", "Довідник правил"),
    "page.travel": _s("Travel", "Путешествие", "Подорож"),
    "page.hex-progress": _s("Hex progress", "Продвижение по гексу", "Просування гексом"),
    "page.navigation": _s("Navigation", "Навигация", "Навігація"),
    "page.getting-lost": _s("Getting lost", "Если отряд заблудился", "Коли загін заблукав"),
    "page.encounters": _s("Encounters, finding places, foraging",
                          "Встречи, поиск мест, собирательство",
                          "Зустрічі, пошук місць, збиральництво"),
    "page.checks-d20": _s("Checks: d20", "Проверки: d20", "Перевірки: d20"),
    "page.checks-brp": _s("Checks: Basic Roleplaying", "Проверки: Basic Roleplaying",
                          "Перевірки: Basic Roleplaying"),
    "page.checks-bsh": _s("Checks: Black Sword Hack", "Проверки: Black Sword Hack",
                          "Перевірки: Black Sword Hack"),
    "page.modifiers": _s("Visibility, range, cover, conditions",
                         "Видимость, дистанция, укрытия, состояния",
                         "Видимість, дистанція, укриття, стани"),
    "page.chases": _s("Chases", "Погони", "Погоні"),
    "page.facing": _s("Facing", "Направление взгляда", "Напрямок погляду"),
    "page.tables": _s("Roll tables", "Таблицы бросков", "Таблиці кидків"),
    "page.gm-screen": _s("GM screen", "Ширма мастера", "Ширма майстра"),
    "page.blurb.travel": _s("speeds, travel modes, terrain, hustle and forced march",
                            "скорости, режимы движения, местность, спешка и марш",
                            "швидкості, режими руху, місцевість, поспіх і марш"),
    "page.blurb.hex-progress": _s("miles needed to leave a hex by each face",
                                  "сколько миль нужно, чтобы выйти из гекса через каждую грань",
                                  "скільки миль треба, щоб вийти з гекса через кожну грань"),
    "page.blurb.navigation": _s("when to check, the DCs and what changes them",
                                "когда проверять, СЛ и что их меняет",
                                "коли перевіряти, КС і що їх змінює"),
    "page.blurb.getting-lost": _s("veer, realising it, finding the way again",
                                  "отклонение, осознание, как снова найти путь",
                                  "відхилення, усвідомлення, як знову знайти шлях"),
    "page.blurb.encounters": _s("the encounter die, how places are found, reactions, food",
                                "кубик встреч, как находят места, реакция, еда",
                                "кубик зустрічей, як знаходять місця, реакція, їжа"),
    "page.blurb.checks-d20": _s("degrees of success and the scaled advantage ladder",
                                "степени успеха и шкала масштабируемого преимущества",
                                "ступені успіху та шкала масштабованої переваги"),
    "page.blurb.checks-brp": _s("success levels, difficulty, opposed rolls, resistance table",
                                "уровни успеха, сложность, встречные броски, таблица "
                                "сопротивления",
                                "рівні успіху, складність, зустрічні кидки, таблиця опору"),
    "page.blurb.checks-bsh": _s("roll under, advantage, usage dice and doom",
                                "бросок под характеристику, преимущество, кубики "
                                "использования и обречённость",
                                "кидок під характеристику, перевага, кубики використання "
                                "та приреченість"),
    "page.blurb.modifiers": _s("bonus and penalty dice for sight, range, cover and conditions",
                               "кубики бонусов и штрафов за обзор, дистанцию, укрытия и "
                               "состояния",
                               "кубики бонусів і штрафів за огляд, дистанцію, укриття та "
                               "стани"),
    "page.blurb.chases": _s("dashing, escaping, complications",
                            "рывки, побег, осложнения", "ривки, втеча, ускладнення"),
    "page.blurb.facing": _s("front, side and rear sectors on squares and hexes",
                            "передний, боковые и задний секторы на клетках и гексах",
                            "передній, бічні та задній сектори на клітинках і гексах"),
    "page.blurb.tables": _s("the campaign's tables with their dice ranges",
                            "таблицы кампании с диапазонами бросков",
                            "таблиці кампанії з діапазонами кидків"),
    "page.blurb.gm-screen": _s("everything needed at the table, on two pages",
                               "всё нужное за столом на двух страницах",
                               "усе потрібне за столом на двох сторінках"),
    # -- index ------------------------------------------------------------------------------
    "index.intro": _s(
        "These sheets are drawn from the same tables the chronicle is replayed with, so what "
        "you read here is exactly what the engine did. Print any page from the browser, or "
        "all of them with `hexcrawl print`.",
        "Эти листы построены по тем же таблицам, по которым воспроизводится хроника, так что "
        "здесь написано ровно то, что делал движок. Любую страницу можно распечатать из "
        "браузера, а все сразу — командой `hexcrawl print`.",
        "Ці аркуші побудовано з тих самих таблиць, за якими відтворюється хроніка, тож тут "
        "написано саме те, що робив рушій. Будь-яку сторінку можна надрукувати з браузера, а "
        "всі разом — командою `hexcrawl print`."),
    "index.settings": _s("This campaign's settings", "Настройки этой кампании",
                         "Налаштування цієї кампанії"),
    "index.setting": _s("Setting", "Параметр", "Параметр"),
    "index.value": _s("Value", "Значение", "Значення"),
    "index.checks": _s("Check system", "Система проверок", "Система перевірок"),
    "index.advantage": _s("Advantage", "Преимущество", "Перевага"),
    "index.advantage.classic": _s("classic (two d20, keep one)",
                                  "классическое (два к20, берётся один)",
                                  "класична (два к20, береться один)"),
    "index.advantage.scaled": _s("scaled (bonus dice d4 to d12)",
                                 "масштабируемое (кубики бонуса от к4 до к12)",
                                 "масштабована (кубики бонусу від к4 до к12)"),
    "index.hex": _s("Hex size", "Размер гекса", "Розмір гекса"),
    "index.hex.value": _s("{n} miles centre to centre", "{n} миль от центра до центра",
                          "{n} миль від центру до центру"),
    "index.actual": _s("Actual distance rule", "Правило фактического расстояния",
                       "Правило фактичної відстані"),
    "index.encounter": _s("Encounter check", "Проверка встреч", "Перевірка зустрічей"),
    "index.encounter.value": _s("{die}: {wander} wandering, {keyed} a keyed place",
                                "{die}: {wander} — бродячая встреча, {keyed} — место гекса",
                                "{die}: {wander} — мандрівна зустріч, {keyed} — місце гекса"),
    "index.pages": _s("Sheets", "Листы", "Аркуші"),
    # -- terrain, faces, paths, modes, mounts -------------------------------------------------
    "terrain.desert": _s("Desert", "Пустыня", "Пустеля"),
    "terrain.forest": _s("Forest", "Лес", "Ліс"),
    "terrain.hills": _s("Hills", "Холмы", "Пагорби"),
    "terrain.jungle": _s("Jungle", "Джунгли", "Джунглі"),
    "terrain.moor": _s("Moor", "Пустошь", "Пустище"),
    "terrain.mountains": _s("Mountains", "Горы", "Гори"),
    "terrain.plains": _s("Plains", "Равнины", "Рівнини"),
    "terrain.swamp": _s("Swamp", "Болото", "Болото"),
    "terrain.tundra": _s("Tundra", "Тундра", "Тундра"),
    "terrain.lake": _s("Lake", "Озеро", "Озеро"),
    "terrain.sea": _s("Sea", "Море", "Море"),
    "face.N": _s("N", "С", "Пн"),
    "face.NE": _s("NE", "СВ", "ПнС"),
    "face.E": _s("E", "В", "Сх"),
    "face.SE": _s("SE", "ЮВ", "ПдС"),
    "face.S": _s("S", "Ю", "Пд"),
    "face.SW": _s("SW", "ЮЗ", "ПдЗ"),
    "face.W": _s("W", "З", "Зх"),
    "face.NW": _s("NW", "СЗ", "ПнЗ"),
    "path.highway": _s("Highway", "Тракт", "Шлях"),
    "path.road": _s("Road or trail", "Дорога или тропа", "Дорога або стежка"),
    "path.trackless": _s("Trackless", "Бездорожье", "Бездоріжжя"),
    "mode.normal": _s("Normal", "Обычный", "Звичайний"),
    "mode.hustle": _s("Hustle", "Спешка", "Поспіх"),
    "mode.cautious": _s("Cautious", "Осторожно", "Обережно"),
    "mode.exploring": _s("Exploring", "Разведка", "Розвідка"),
    "mode.foraging": _s("Foraging", "Собирательство", "Збиральництво"),
    "mode.cautious_exploring": _s("Cautious + exploring", "Осторожно + разведка",
                                  "Обережно + розвідка"),
    "mount.horse": _s("Horse", "Лошадь", "Кінь"),
    "mount.pony": _s("Pony", "Пони", "Поні"),
    "mount.riding_dog": _s("Riding dog", "Ездовая собака", "Їздовий пес"),
    "mount.cart": _s("Cart", "Телега", "Віз"),
    "mount.wagon": _s("Wagon", "Фургон", "Фургон"),
    "density.sparse": _s("sparse", "редкий", "рідкий"),
    "density.medium": _s("medium", "средний", "середній"),
    "density.dense": _s("dense", "густой", "густий"),
    # -- travel -----------------------------------------------------------------------------
    "travel.intro": _s(
        "Time runs in **watches** of {hours} hours, {watches} to a day (watch 1 begins at "
        "midnight). A party moves at the pace of its slowest member: miles per hour equal its "
        "speed in feet divided by {per}. A day of travel is {march} hours of marching.",
        "Время идёт **вахтами** по {hours} часа, {watches} вахт в сутках (первая начинается в "
        "полночь). Отряд идёт со скоростью самого медленного участника: миль в час — это его "
        "скорость в футах, делённая на {per}. Дневной переход — {march} часов марша.",
        "Час іде **вахтами** по {hours} години, {watches} вахт на добу (перша починається "
        "опівночі). Загін рухається зі швидкістю найповільнішого учасника: миль на годину — "
        "це його швидкість у футах, поділена на {per}. Денний перехід — {march} годин маршу."),
    "travel.speeds": _s("Speed on foot", "Скорость пешком", "Швидкість пішки"),
    "travel.speed": _s("Speed", "Скорость", "Швидкість"),
    "travel.mph": _s("Miles / hour", "Миль / час", "Миль / год"),
    "travel.per_watch": _s("Miles / watch", "Миль / вахту", "Миль / вахту"),
    "travel.per_day": _s("Miles / day", "Миль / день", "Миль / день"),
    "travel.mounts": _s("Mounts and vehicles", "Ездовые животные и повозки",
                        "Їздові тварини та вози"),
    "travel.mount": _s("Mount", "Животное или повозка", "Тварина або віз"),
    "travel.loaded": _s("Loaded", "С грузом", "З вантажем"),
    "travel.modes": _s("Travel modes", "Режимы движения", "Режими руху"),
    "travel.modes.note": _s(
        "Modes combine, and every effect of each applies: cautious exploring moves at "
        "{both} speed.",
        "Режимы сочетаются, и действуют все эффекты каждого: осторожная разведка идёт со "
        "скоростью {both}.",
        "Режими поєднуються, і діють усі ефекти кожного: обережна розвідка рухається зі "
        "швидкістю {both}."),
    "travel.mode": _s("Mode", "Режим", "Режим"),
    "travel.speed_x": _s("Speed", "Скорость", "Швидкість"),
    "travel.nav_dc": _s("Navigation DC", "СЛ навигации", "КС навігації"),
    "travel.encounters": _s("Encounters", "Встречи", "Зустрічі"),
    "travel.enc_checks": _s("checks per watch: {n}", "проверок за вахту: {n}",
                            "перевірок за вахту: {n}"),
    "travel.hustle_speed": _s("{x} per hustled hour", "{x} за час спешки",
                              "{x} за годину поспіху"),
    "travel.enc_cautious": _s("wandering ones cancelled on 1–{pct} (d100)",
                              "бродячие отменяются на 1–{pct} (к100)",
                              "мандрівні скасовуються на 1–{pct} (к100)"),
    "travel.enc_forage": _s("1 check; one forage check a day",
                            "1 проверка; одна проверка сбора в день",
                            "1 перевірка; одна перевірка збору на день"),
    "travel.enc_both": _s("{n} checks; wandering ones cancelled on 1–{pct}",
                          "{n} проверки; бродячие отменяются на 1–{pct}",
                          "{n} перевірки; мандрівні скасовуються на 1–{pct}"),
    "travel.terrain": _s("Terrain multipliers", "Множители местности",
                         "Множники місцевості"),
    "travel.terrain.note": _s(
        "The column is the path the party follows **through** the hex: it is on a highway, "
        "road or trail when it enters or leaves the hex along consecutive hexes of that path. "
        "A river guides but gives no road speed.",
        "Столбец выбирается по пути, которым отряд идёт **через** гекс: он на тракте, дороге "
        "или тропе, если входит в гекс или выходит из него вдоль соседних гексов этого пути. "
        "Река указывает дорогу, но скорости дороги не даёт.",
        "Стовпець обирається за шляхом, яким загін іде **крізь** гекс: він на шляху, дорозі "
        "чи стежці, якщо входить у гекс або виходить із нього вздовж сусідніх гексів цього "
        "шляху. Річка вказує напрям, але швидкості дороги не дає."),
    "travel.impassable": _s("Impassable on foot: {names}.", "Непроходимо пешком: {names}.",
                            "Непрохідне пішки: {names}."),
    "travel.hustle": _s("Hustle", "Спешка", "Поспіх"),
    "travel.hustle.text": _s(
        "Hustling doubles speed for the hours it lasts and adds {dc} to the navigation DC. "
        "Free hustled hours between sleeps: {free}. The next hour deals 1 nonlethal damage to "
        "each member, and every hour after that doubles the previous hour's damage. Anyone "
        "hurt this way is fatigued. Mounts carrying riders take lethal damage instead.",
        "Спешка удваивает скорость на время, пока длится, и добавляет {dc} к СЛ навигации. "
        "Бесплатных часов спешки между снами: {free}. Следующий час наносит каждому 1 "
        "несмертельный урон, а каждый следующий удваивает урон предыдущего. Получивший "
        "такой урон утомлён. Ездовые животные под всадниками получают смертельный урон.",
        "Поспіх подвоює швидкість, доки триває, і додає {dc} до КС навігації. Безкоштовних "
        "годин поспіху між снами: {free}. Наступна година завдає кожному 1 несмертельної "
        "шкоди, а кожна наступна подвоює шкоду попередньої. Поранений так — втомлений. "
        "Їздові тварини під вершниками отримують смертельну шкоду."),
    "travel.hustled_hour": _s("Hustled hour", "Час спешки", "Година поспіху"),
    "travel.damage": _s("Damage", "Урон", "Шкода"),
    "travel.total": _s("Total", "Всего", "Разом"),
    "travel.march": _s("Forced march", "Форсированный марш", "Форсований марш"),
    "travel.march.text": _s(
        "A party can march {hours} hours between sleeps. Each hour beyond that calls for a "
        "Constitution check from every member, DC {dc} for the first extra hour and {step} "
        "more for each after it; a failure deals 1d6 nonlethal damage and fatigue. Ridden "
        "mounts fail automatically and take lethal damage.",
        "Между снами отряд может идти {hours} часов. За каждый лишний час каждый делает "
        "проверку Телосложения: СЛ {dc} за первый лишний час и на {step} больше за каждый "
        "следующий; провал — 1к6 несмертельного урона и утомление. Ездовые животные под "
        "всадниками проваливают её автоматически и получают смертельный урон.",
        "Між снами загін може йти {hours} годин. За кожну зайву годину кожен робить "
        "перевірку Статури: КС {dc} за першу зайву годину і на {step} більше за кожну "
        "наступну; провал — 1к6 несмертельної шкоди та втома. Їздові тварини під вершниками "
        "провалюють її автоматично й отримують смертельну шкоду."),
    "travel.march_hour": _s("Hour of marching", "Час марша", "Година маршу"),
    "travel.hour_n": _s("hour {n}", "{n}-й час", "{n}-та година"),
    "travel.con_dc": _s("Constitution DC", "СЛ Телосложения", "КС Статури"),
    "travel.sleep": _s(
        "A sleep (two rest watches in a row, or a `sleep` entry) resets the hustle and march "
        "counts and removes fatigue.",
        "Сон (две вахты отдыха подряд или запись `sleep`) сбрасывает счётчики спешки и марша "
        "и снимает утомление.",
        "Сон (дві вахти відпочинку поспіль або запис `sleep`) скидає лічильники поспіху й "
        "маршу та знімає втому."),
    "travel.actual": _s("Actual distance", "Фактическое расстояние", "Фактична відстань"),
    "travel.actual.text": _s(
        "Each travel watch roll {dice}: the party really covers that many tens of percent of "
        "the computed miles ({low}% to {high}%). A Survival check against the navigation DC "
        "tells it the true figure; otherwise it believes it covered the full distance.",
        "Каждую вахту пути бросьте {dice}: отряд на деле проходит столько десятков процентов "
        "расчётных миль (от {low}% до {high}%). Проверка Выживания против СЛ навигации "
        "открывает настоящее число; иначе отряд считает, что прошёл всё расстояние.",
        "Кожну вахту подорожі киньте {dice}: загін насправді долає стільки десятків відсотків "
        "розрахункових миль (від {low}% до {high}%). Перевірка Виживання проти КС навігації "
        "відкриває справжнє число; інакше загін вважає, що подолав усю відстань."),
    "travel.actual.off": _s("This campaign does not use it: the party always covers the "
                            "computed miles.",
                            "В этой кампании оно не используется: отряд всегда проходит "
                            "расчётные мили.",
                            "У цій кампанії воно не використовується: загін завжди долає "
                            "розрахункові милі."),
    "travel.covered": _s("% of miles", "% миль", "% миль"),
    # -- hex progress -----------------------------------------------------------------------
    "progress.intro": _s(
        "Hexes are {miles} miles across. Inside a hex the engine counts **progress**: miles "
        "made since the party entered it. The party leaves when its progress reaches what the "
        "face it is heading for requires.",
        "Гекс — {miles} миль поперёк. Внутри гекса движок считает **продвижение**: сколько "
        "миль пройдено с момента входа. Отряд выходит, когда продвижение достигает того, что "
        "требует грань, к которой он идёт.",
        "Гекс — {miles} миль упоперек. Усередині гекса рушій рахує **просування**: скільки "
        "миль пройдено від входу. Загін виходить, коли просування сягає того, чого вимагає "
        "грань, до якої він іде."),
    "progress.situation": _s("Situation", "Положение", "Становище"),
    "progress.faces": _s("Leaving by", "Выход через", "Вихід через"),
    "progress.miles": _s("Miles", "Миль", "Миль"),
    "progress.start": _s("Starting a trip inside the hex", "Начало пути внутри гекса",
                         "Початок шляху всередині гекса"),
    "progress.any_face": _s("any face", "любую грань", "будь-яку грань"),
    "progress.far": _s("Crossing to the far side", "Переход на дальнюю сторону",
                       "Перехід на дальній бік"),
    "progress.far_faces": _s("the opposite face or either face beside it",
                             "противоположную грань или соседнюю с ней",
                             "протилежну грань або сусідню з нею"),
    "progress.near": _s("Turning to a near side", "Поворот к ближней стороне",
                        "Поворот до ближнього боку"),
    "progress.near_faces": _s("either face beside the one entered by",
                              "любую из граней рядом с гранью входа",
                              "будь-яку з граней поруч із гранню входу"),
    "progress.back_deliberate": _s("Going back on purpose (backtrack)",
                                   "Намеренный возврат по следу",
                                   "Навмисне повернення слідом"),
    "progress.back_other": _s("Going back any other way (e.g. lost)",
                              "Возврат иным путём (например, заблудившись)",
                              "Повернення інакше (наприклад, заблукавши)"),
    "progress.entry_face": _s("the face entered by", "грань входа", "грань входу"),
    "progress.made_so_far": _s("the miles already made here", "уже пройденные здесь мили",
                               "уже пройдені тут милі"),
    "progress.kind.start": _s("start", "старт", "старт"),
    "progress.kind.far": _s("far", "дальняя", "дальня"),
    "progress.kind.near": _s("near", "ближняя", "ближня"),
    "progress.kind.back": _s("back", "назад", "назад"),
    "progress.entered": _s("entered here", "вход здесь", "вхід тут"),
    "progress.svg_title": _s("Miles needed to leave a hex by each face",
                             "Мили, нужные для выхода через каждую грань",
                             "Милі, потрібні для виходу через кожну грань"),
    "progress.diagram": _s("The party entered from the bottom ({face}); the numbers are the "
                           "miles of progress each face asks for.",
                           "Отряд вошёл снизу ({face}); числа — мили продвижения, которых "
                           "требует каждая грань.",
                           "Загін увійшов знизу ({face}); числа — милі просування, яких "
                           "вимагає кожна грань."),
    "progress.rules": _s("Keeping count", "Как вести счёт", "Як вести лік"),
    "progress.rule.keep": _s(
        "Progress stays when the party changes the face it heads for; only the requirement "
        "is looked up again.",
        "Продвижение сохраняется, когда отряд меняет грань, к которой идёт; заново "
        "определяется только требование.",
        "Просування зберігається, коли загін змінює грань, до якої йде; наново визначається "
        "лише вимога."),
    "progress.rule.exact": _s("Reaching the requirement exactly crosses the face.",
                              "Ровно достигнутое требование — это переход через грань.",
                              "Точно досягнута вимога — це перехід через грань."),
    "progress.rule.carry": _s(
        "Time left over after a crossing carries into the next hex at **that** hex's rate "
        "(the engine counts hours, not raw miles).",
        "Оставшееся после перехода время переносится в следующий гекс по **его** скорости "
        "(движок считает часы, а не мили).",
        "Час, що лишився після переходу, переноситься в наступний гекс за **його** "
        "швидкістю (рушій рахує години, а не милі)."),
    "progress.rule.edge": _s(
        "A party that would walk off the map or into an impassable hex stops at that face "
        "with its progress at the requirement.",
        "Отряд, который ушёл бы за край карты или в непроходимый гекс, останавливается у "
        "грани с продвижением, равным требованию.",
        "Загін, що пішов би за край мапи чи в непрохідний гекс, зупиняється біля грані з "
        "просуванням, рівним вимозі."),
    "progress.rule.toward": _s("Travelling toward a hex stops there for the rest of the watch.",
                               "Путь к гексу заканчивается в нём до конца вахты.",
                               "Шлях до гекса закінчується в ньому до кінця вахти."),
    "progress.rule.backtrack": _s(
        "Example: {made} miles into a hex, going back the way it came needs {back} miles.",
        "Пример: пройдя {made} миль по гексу, на возврат тем же путём нужно {back} миль.",
        "Приклад: пройшовши {made} миль гексом, на повернення тим самим шляхом треба "
        "{back} миль."),
    "progress.hours": _s("Hours to leave a hex", "Часов до выхода из гекса",
                         "Годин до виходу з гекса"),
    "progress.hours.note": _s(
        "Effective speed = miles per hour × terrain multiplier × mode multiplier.",
        "Итоговая скорость = миль в час × множитель местности × множитель режима.",
        "Підсумкова швидкість = миль на годину × множник місцевості × множник режиму."),
    "progress.effective_mph": _s("Effective mph", "Итог. миль/ч", "Підсумк. миль/год"),
    "progress.hours_for": _s("Hours for {miles} mi", "Часов на {miles} миль",
                             "Годин на {miles} миль"),
    # -- navigation -------------------------------------------------------------------------
    "nav.intro": _s(
        "Following a road, trail or river, or walking toward a landmark the party can see, "
        "needs no check and cannot go astray; it also ends any lost state. Travelling on a "
        "**heading** or **toward** a hex calls for one navigation check each travel watch: the "
        "navigator's Survival against the navigation DC of the hex where the watch begins.",
        "Идти по дороге, тропе или реке либо к видимому ориентиру можно без проверки и без "
        "риска сбиться; это же заканчивает блуждание. Путь **по направлению** или **к гексу** "
        "требует одной проверки навигации за вахту пути: Выживание штурмана против СЛ "
        "навигации гекса, где начинается вахта.",
        "Іти дорогою, стежкою чи річкою або до видимого орієнтира можна без перевірки й без "
        "ризику збитися; це ж завершує блукання. Шлях **за напрямком** або **до гекса** "
        "вимагає однієї перевірки навігації за вахту подорожі: Виживання провідника проти КС "
        "навігації гекса, де починається вахта."),
    "nav.dcs": _s("Navigation and forage DCs", "СЛ навигации и собирательства",
                  "КС навігації та збиральництва"),
    "nav.nav_dc": _s("Navigation DC", "СЛ навигации", "КС навігації"),
    "nav.forage_dc": _s("Forage DC", "СЛ сбора", "КС збору"),
    "nav.densities": _s("Forest DCs are for sparse / medium / dense woods (medium unless the "
                        "hex says otherwise).",
                        "СЛ леса даны для редкого / среднего / густого леса (средний, если "
                        "в гексе не сказано иное).",
                        "КС лісу подано для рідкого / середнього / густого лісу (середній, "
                        "якщо в гексі не сказано інше)."),
    "nav.modifiers": _s("What changes the DC", "Что меняет СЛ", "Що змінює КС"),
    "nav.situation": _s("Situation", "Обстоятельство", "Обставина"),
    "nav.mod.trackless": _s("Trackless (no highway, road or trail)",
                            "Бездорожье (нет тракта, дороги или тропы)",
                            "Бездоріжжя (немає шляху, дороги чи стежки)"),
    "nav.mod.poor_visibility": _s("Poor visibility (fog, night, storm)",
                                  "Плохая видимость (туман, ночь, буря)",
                                  "Погана видимість (туман, ніч, буря)"),
    "nav.mod.hustle": _s("Hustling during the watch", "Спешка в эту вахту",
                         "Поспіх у цю вахту"),
    "nav.mod.cautious": _s("Moving cautiously", "Осторожное движение", "Обережний рух"),
    "nav.bonuses": _s("What helps the roll", "Что помогает броску", "Що допомагає кидку"),
    "nav.bonus_for": _s("Help", "Помощь", "Допомога"),
    "nav.bonus": _s("Bonus", "Бонус", "Бонус"),
    "nav.bonus.compass": _s("A compass (it also cancels veer at every hex boundary)",
                            "Компас (к тому же отменяет отклонение на каждой границе гекса)",
                            "Компас (до того ж скасовує відхилення на кожній межі гекса)"),
    "nav.bonus.knowledge": _s("{ranks}+ ranks of Knowledge (geography or local) for the region",
                              "{ranks}+ рангов Знания (география или местность) для края",
                              "{ranks}+ рангів Знання (географія чи місцевість) для краю"),
    "nav.bonus.brp": _s("Under Basic Roleplaying each point of bonus is worth {per} "
                        "percentage points.",
                        "В Basic Roleplaying каждое очко бонуса стоит {per} процентных "
                        "пунктов.",
                        "У Basic Roleplaying кожне очко бонусу варте {per} відсоткових "
                        "пунктів."),
    "nav.bonus.bsh": _s("Under Black Sword Hack a bonus raises the attribute rolled under by "
                        "as many points.",
                        "В Black Sword Hack бонус поднимает характеристику, под которую "
                        "бросают, на столько же очков.",
                        "У Black Sword Hack бонус підвищує характеристику, під яку кидають, "
                        "на стільки ж очок."),
    "nav.poor_trail": _s("A trail in poor repair needs a DC {dc} check to follow; on a failure "
                         "the party loses it and is lost (roll the veer).",
                         "Запущенная тропа требует проверки СЛ {dc}, чтобы идти по ней; при "
                         "провале отряд теряет её и сбивается с пути (бросок отклонения).",
                         "Занедбана стежка вимагає перевірки КС {dc}, щоб іти нею; у разі "
                         "провалу загін губить її і збивається з путі (кидок відхилення)."),
    "nav.order": _s("A travel watch, step by step", "Вахта пути по шагам",
                    "Вахта подорожі крок за кроком"),
    "nav.step1": _s("**Direction.** Pick the face to head for. A lost party keeps the face "
                    "it had when it went astray.",
                    "**Направление.** Выберите грань, к которой идти. Заблудившийся отряд "
                    "держит грань, которая была, когда он сбился.",
                    "**Напрямок.** Оберіть грань, до якої йти. Заблукалий загін тримає "
                    "грань, яка була, коли він збився."),
    "nav.step2": _s("**Navigation check** (heading or toward only). Failure: lost, roll the "
                    "veer. A success does not end a lost state.",
                    "**Проверка навигации** (только по направлению или к гексу). Провал: "
                    "отряд заблудился, бросьте отклонение. Успех блуждание не прекращает.",
                    "**Перевірка навігації** (лише за напрямком або до гекса). Провал: загін "
                    "заблукав, киньте відхилення. Успіх блукання не припиняє."),
    "nav.step3": _s("**Distance**: the actual-distance roll, and the check to judge it.",
                    "**Расстояние**: бросок фактического расстояния и проверка его оценки.",
                    "**Відстань**: кидок фактичної відстані та перевірка її оцінки."),
    "nav.step4": _s("**Movement**, hour by hour, crossing faces as progress allows.",
                    "**Движение** час за часом, через грани по мере продвижения.",
                    "**Рух** година за годиною, крізь грані в міру просування."),
    "nav.step5": _s("**Encounter checks** and finding places.",
                    "**Проверки встреч** и поиск мест.",
                    "**Перевірки зустрічей** і пошук місць."),
    "nav.step6": _s("**Realising**: a lost party that does not know it checks at the end of "
                    "the watch.",
                    "**Осознание**: заблудившийся отряд, не знающий об этом, проверяет в "
                    "конце вахты.",
                    "**Усвідомлення**: заблукалий загін, що не знає про це, перевіряє в "
                    "кінці вахти."),
    # -- getting lost -----------------------------------------------------------------------
    "lost.intro": _s(
        "A failed navigation check leaves the party **lost**, usually without knowing it. "
        "Roll a d10 for the veer: from then on, whenever it leaves a hex it goes out by the "
        "face it intended, turned by the veer.",
        "Проваленная проверка навигации значит, что отряд **заблудился**, обычно не зная "
        "об этом. Бросьте к10 на отклонение: с этих пор, покидая гекс, отряд выходит через "
        "намеченную грань, повёрнутую на величину отклонения.",
        "Провалена перевірка навігації означає, що загін **заблукав**, зазвичай не знаючи "
        "про це. Киньте к10 на відхилення: відтепер, покидаючи гекс, загін виходить через "
        "намічену грань, повернуту на величину відхилення."),
    "lost.veer": _s("Veer", "Отклонение", "Відхилення"),
    "lost.veer.none": _s("no veer: straight on", "без отклонения: прямо",
                         "без відхилення: прямо"),
    "lost.veer.left": _s("{n} face left", "на {n} грань влево", "на {n} грань ліворуч"),
    "lost.veer.right": _s("{n} face right", "на {n} грань вправо", "на {n} грань праворуч"),
    "lost.short.none": _s("straight on", "прямо", "прямо"),
    "lost.short.left": _s("{n} face left", "{n} грань влево", "{n} грань ліворуч"),
    "lost.short.right": _s("{n} face right", "{n} грань вправо", "{n} грань праворуч"),
    "lost.intended": _s("intended", "намечено", "намічено"),
    "lost.svg_title": _s("Veer on a failed navigation check (d10)",
                         "Отклонение при проваленной навигации (к10)",
                         "Відхилення при проваленій навігації (к10)"),
    "lost.diagram": _s("The arrow is the face the party means to leave by; the shaded hexes "
                       "are where it really goes.",
                       "Стрелка — грань, через которую отряд хочет выйти; закрашенные "
                       "гексы — куда он идёт на самом деле.",
                       "Стрілка — грань, через яку загін хоче вийти; зафарбовані гекси — "
                       "куди він іде насправді."),
    "lost.staying": _s("Staying lost", "Пока отряд блуждает", "Поки загін блукає"),
    "lost.keep": _s("A lost party keeps both its intended direction and its veer in every "
                    "new hex.",
                    "Заблудившийся отряд сохраняет и намеченное направление, и отклонение "
                    "в каждом новом гексе.",
                    "Заблукалий загін зберігає і намічений напрямок, і відхилення в кожному "
                    "новому гексі."),
    "lost.again": _s(
        "Failing again while lost: roll the d10 again. A result on the side it already "
        "veers adds one face (never more than {max}); anything else changes nothing. A lost "
        "party with no veer simply takes the new result.",
        "Новый провал во время блуждания: снова бросьте к10. Результат в ту же сторону, куда "
        "отряд уже отклоняется, добавляет одну грань (не больше {max}); любой другой ничего "
        "не меняет. Отряд без отклонения просто берёт новый результат.",
        "Новий провал під час блукання: знову киньте к10. Результат у той самий бік, куди "
        "загін уже відхиляється, додає одну грань (не більше {max}); будь-який інший нічого "
        "не змінює. Загін без відхилення просто бере новий результат."),
    "lost.compass": _s("A compass straightens the path at every hex boundary, even when the "
                       "party has not noticed it is lost.",
                       "Компас выпрямляет путь на каждой границе гекса, даже если отряд не "
                       "заметил, что заблудился.",
                       "Компас випрямляє шлях на кожній межі гекса, навіть якщо загін не "
                       "помітив, що заблукав."),
    "lost.believed": _s(
        "The GM keeps two tracks: the true one and the one the party believes. The believed "
        "track moves by the intended face; once the party knows it is lost, its position is "
        "unknown until something re-anchors it.",
        "Мастер ведёт два следа: настоящий и тот, в который верит отряд. Предполагаемый "
        "след идёт по намеченной грани; когда отряд понимает, что заблудился, его положение "
        "неизвестно, пока что-то снова его не привяжет.",
        "Майстер веде два сліди: справжній і той, у який вірить загін. Гаданий слід іде "
        "наміченою гранню; коли загін розуміє, що заблукав, його положення невідоме, доки "
        "щось знову його не прив'яже."),
    "lost.realising": _s("Realising it", "Осознать, что заблудились", "Усвідомити, що заблукали"),
    "lost.realise": _s(
        "Once per watch a lost party that does not know it rolls Survival against the "
        "navigation DC of the hex it is in (without the mode modifiers); a success means it "
        "knows.",
        "Раз в вахту заблудившийся отряд, который об этом не знает, бросает Выживание против "
        "СЛ навигации гекса, где находится (без модификаторов режима); успех — он понимает.",
        "Раз на вахту заблукалий загін, що про це не знає, кидає Виживання проти КС "
        "навігації гекса, де перебуває (без модифікаторів режиму); успіх — він розуміє."),
    "lost.realise.extra": _s("Meeting an obvious landmark or a clearly new kind of terrain "
                             "grants one extra check.",
                             "Явный ориентир или явно новый тип местности дают ещё одну "
                             "проверку.",
                             "Явний орієнтир або явно новий тип місцевості дають ще одну "
                             "перевірку."),
    "lost.realise.no_extra": _s("This campaign grants no extra check for new terrain.",
                                "В этой кампании новая местность лишней проверки не даёт.",
                                "У цій кампанії нова місцевість зайвої перевірки не дає."),
    "lost.reorienting": _s("Finding the way again", "Как снова найти путь",
                           "Як знову знайти шлях"),
    "lost.method": _s("Method", "Способ", "Спосіб"),
    "lost.check": _s("Survival check", "Проверка Выживания", "Перевірка Виживання"),
    "lost.success": _s("Success", "Успех", "Успіх"),
    "lost.failure": _s("Failure", "Провал", "Провал"),
    "lost.north": _s("Find north", "Найти север", "Знайти північ"),
    "lost.north.ok": _s("the party knows true north", "отряд знает, где настоящий север",
                        "загін знає, де справжня північ"),
    "lost.north.fail": _s("it takes a random face for north",
                          "за север принимается случайная грань",
                          "за північ береться випадкова грань"),
    "lost.new_course": _s("Set a new course", "Проложить новый курс", "Прокласти новий курс"),
    "lost.new_course.dc": _s("navigation {dc} + {n}", "{dc} навигации + {n}",
                             "{dc} навігації + {n}"),
    "lost.new_course.ok": _s("no longer lost; position re-anchored",
                             "блуждание окончено, положение снова известно",
                             "блукання скінчено, положення знову відоме"),
    "lost.new_course.fail": _s("lost again at once, with a fresh veer roll",
                               "сразу снова заблудился, с новым броском отклонения",
                               "одразу знову заблукав, з новим кидком відхилення"),
    "lost.backtrack": _s("Backtrack", "Назад по следам", "Назад слідами"),
    "lost.backtrack.dc": _s("navigation {dc}, each watch", "{dc} навигации, каждую вахту",
                            "{dc} навігації, щовахти"),
    "lost.backtrack.ok": _s("learns truly whether it was on course",
                            "верно узнаёт, был ли на курсе",
                            "правильно дізнається, чи був на курсі"),
    "lost.backtrack.fail": _s("{pct}% chance it judges wrongly",
                              "с шансом {pct}% ошибается", "з шансом {pct}% помиляється"),
    "lost.sure_guide": _s("Following a road, river or visible landmark also ends the lost "
                          "state and re-anchors the party at once.",
                          "Путь по дороге, реке или к видимому ориентиру тоже сразу "
                          "прекращает блуждание и привязывает положение отряда.",
                          "Шлях дорогою, річкою або до видимого орієнтира теж одразу "
                          "припиняє блукання й прив'язує положення загону."),
    # -- encounters ---------------------------------------------------------------------------
    "enc.intro": _s(
        "Every watch — travelling, resting or camping — the GM rolls one encounter check. The "
        "same die both brings wandering encounters and reveals the places keyed to the hex.",
        "Каждую вахту — в пути, на отдыхе или в лагере — мастер делает одну проверку встреч. "
        "Один и тот же кубик приносит и бродячие встречи, и места, привязанные к гексу.",
        "Щовахти — у дорозі, на відпочинку чи в таборі — майстер робить одну перевірку "
        "зустрічей. Той самий кубик приносить і мандрівні зустрічі, і місця, прив'язані до "
        "гекса."),
    "enc.check": _s("The encounter check", "Проверка встреч", "Перевірка зустрічей"),
    "enc.result": _s("Result", "Результат", "Результат"),
    "enc.wandering": _s("wandering encounter: roll on the hex's table, else its region's, "
                        "else its terrain's",
                        "бродячая встреча: бросок по таблице гекса, иначе края, иначе "
                        "местности",
                        "мандрівна зустріч: кидок за таблицею гекса, інакше краю, інакше "
                        "місцевості"),
    "enc.nothing": _s("nothing", "ничего", "нічого"),
    "enc.keyed": _s("the hex's keyed location, if one is left to find this visit "
                    "(travel, explore or search watches only)",
                    "место, привязанное к гексу, если в этот визит есть что найти (только "
                    "вахты пути, разведки или поиска)",
                    "місце, прив'язане до гекса, якщо цього візиту є що знайти (лише вахти "
                    "подорожі, розвідки або пошуку)"),
    "enc.custom": _s("This campaign uses its own chance for the check.",
                     "В этой кампании у проверки свой шанс.",
                     "У цій кампанії перевірка має свій шанс."),
    "enc.activities": _s("Checks per watch", "Проверок за вахту", "Перевірок за вахту"),
    "enc.activity": _s("Activity", "Занятие", "Заняття"),
    "enc.checks": _s("Checks", "Проверки", "Перевірки"),
    "enc.notes": _s("Notes", "Примечания", "Примітки"),
    "enc.act.travel": _s("Travel", "Путь", "Подорож"),
    "enc.act.rest": _s("Rest or camp", "Отдых или лагерь", "Відпочинок або табір"),
    "enc.act.exploring": _s("Exploring", "Разведка", "Розвідка"),
    "enc.act.cautious": _s("Cautious", "Осторожно", "Обережно"),
    "enc.act.search": _s("Searching in place", "Поиск на месте", "Пошук на місці"),
    "enc.note.travel": _s("may find keyed places", "может найти места гекса",
                          "може знайти місця гекса"),
    "enc.note.rest": _s("wandering encounters only", "только бродячие встречи",
                        "лише мандрівні зустрічі"),
    "enc.note.exploring": _s("twice the chance of everything", "шанс всего вдвое выше",
                             "шанс усього вдвічі вищий"),
    "enc.note.cautious": _s("a wandering encounter is cancelled on 1–{pct} of d100",
                            "бродячая встреча отменяется на 1–{pct} по к100",
                            "мандрівна зустріч скасовується на 1–{pct} за к100"),
    "enc.note.search": _s("no progress; the extra check can only find the place sought, and "
                          "only if the party has reason to look here",
                          "без продвижения; лишняя проверка находит только искомое место и "
                          "только если есть причина искать здесь",
                          "без просування; зайва перевірка знаходить лише шукане місце і "
                          "лише якщо є причина шукати тут"),
    "enc.moment": _s(
        "When it matters where in the watch something happens, roll {half} for the half hour "
        "and {minute} for the minute: (half hour − 1) × 30 + (minute − 1) minutes in.",
        "Если важно, когда именно в вахту что-то случилось, бросьте {half} на получас и "
        "{minute} на минуту: (получас − 1) × 30 + (минута − 1) минут от начала.",
        "Якщо важливо, коли саме у вахту щось сталося, киньте {half} на півгодини і {minute} "
        "на хвилину: (півгодини − 1) × 30 + (хвилина − 1) хвилин від початку."),
    "enc.finding": _s("Finding places", "Как находят места", "Як знаходять місця"),
    "enc.location_kind": _s("Place", "Место", "Місце"),
    "enc.found_when": _s("Found when", "Находится, когда", "Знаходиться, коли"),
    "enc.find.visible": _s("Visible", "Заметное", "Помітне"),
    "enc.find.visible.how": _s("the party is in its hex or within the hexes its key gives",
                               "отряд в его гексе или в пределах указанных в ключе гексов",
                               "загін у його гексі або в межах зазначених у ключі гексів"),
    "enc.find.on_path": _s("On a road, trail or river", "На дороге, тропе или реке",
                           "На дорозі, стежці чи річці"),
    "enc.find.on_path.how": _s("the party follows that path through the hex",
                               "отряд идёт по этому пути через гекс",
                               "загін іде цим шляхом крізь гекс"),
    "enc.find.familiar": _s("Familiar", "Знакомое", "Знайоме"),
    "enc.find.familiar.how": _s("the party enters the hex (a place becomes familiar once "
                                "found on {n} separate visits, or by the GM's word)",
                                "отряд входит в гекс (место становится знакомым, если его "
                                "нашли в {n} разных визитах, или по слову мастера)",
                                "загін входить у гекс (місце стає знайомим, якщо його "
                                "знайшли в {n} різних візитах, або за словом майстра)"),
    "enc.find.normal": _s("Any other", "Любое другое", "Будь-яке інше"),
    "enc.find.normal.how": _s("an encounter check rolls {roll}",
                              "проверка встреч выбрасывает {roll}",
                              "перевірка зустрічей викидає {roll}"),
    "enc.find.hidden": _s("Hidden", "Скрытое", "Приховане"),
    "enc.find.hidden.how": _s("the check rolls {roll} on {n} separate occasions (the first "
                              "shows only signs)",
                              "проверка выбрасывает {roll} в {n} разных случаях (в первый "
                              "раз видны лишь признаки)",
                              "перевірка викидає {roll} у {n} різних випадках (першого разу "
                              "видно лише ознаки)"),
    "enc.reactions": _s("Reaction", "Реакция", "Реакція"),
    "enc.reaction": _s("The creatures…", "Существа…", "Істоти…"),
    "enc.reaction.note": _s("Rolled when the table row asks for it, together with the "
                            "encounter distance.",
                            "Бросается, когда этого требует строка таблицы, вместе с "
                            "дистанцией встречи.",
                            "Кидається, коли цього вимагає рядок таблиці, разом із "
                            "дистанцією зустрічі."),
    "reaction.attacks": _s("attack", "нападают", "нападають"),
    "reaction.hostile": _s("are hostile", "враждебны", "ворожі"),
    "reaction.cautious": _s("are wary", "насторожены", "насторожені"),
    "reaction.neutral": _s("are indifferent", "безразличны", "байдужі"),
    "reaction.friendly": _s("are friendly", "дружелюбны", "дружні"),
    "enc.foraging": _s("Foraging", "Собирательство", "Збиральництво"),
    "enc.forage.text": _s(
        "While foraging (half speed) the party may make one Survival check a day against the "
        "forage DC of the hex ({poor} in poor visibility). Success feeds one member for a "
        "day, plus one more for every {step} points by which the result beats the DC.",
        "Во время собирательства (половина скорости) отряд может раз в день проверить "
        "Выживание против СЛ сбора гекса ({poor} при плохой видимости). Успех кормит одного "
        "участника на день и ещё одного за каждые {step} очка, на которые результат "
        "превышает СЛ.",
        "Під час збиральництва (половина швидкості) загін може раз на день перевірити "
        "Виживання проти КС збору гекса ({poor} за поганої видимості). Успіх годує одного "
        "учасника на день і ще одного за кожні {step} очки, на які результат перевищує КС."),
    "enc.forage.other": _s("Under Basic Roleplaying and Black Sword Hack a special or "
                           "critical success feeds one extra member.",
                           "В Basic Roleplaying и Black Sword Hack особый или критический "
                           "успех кормит ещё одного участника.",
                           "У Basic Roleplaying і Black Sword Hack особливий чи критичний "
                           "успіх годує ще одного учасника."),
    # -- d20 ---------------------------------------------------------------------------------
    "d20.intro": _s(
        "Roll d20, add the modifier (Survival for the procedure's checks, Constitution for "
        "marching) and compare with the DC: equal or higher succeeds. How far the total lands "
        "from the DC decides one of four degrees.",
        "Бросьте к20, добавьте модификатор (Выживание для проверок процедуры, Телосложение "
        "для марша) и сравните со СЛ: равно или выше — успех. Насколько итог далёк от СЛ, "
        "решает одну из четырёх степеней.",
        "Киньте к20, додайте модифікатор (Виживання для перевірок процедури, Статура для "
        "маршу) і порівняйте з КС: рівно чи вище — успіх. Наскільки підсумок далекий від КС, "
        "визначає один із чотирьох ступенів."),
    "d20.degrees": _s("Degrees of success", "Степени успеха", "Ступені успіху"),
    "d20.total": _s("Total", "Итог", "Підсумок"),
    "d20.degree": _s("Degree", "Степень", "Ступінь"),
    "d20.or_more": _s("{x} or more", "{x} и выше", "{x} і вище"),
    "d20.or_less": _s("{x} or less", "{x} и ниже", "{x} і нижче"),
    "degree.critical_success": _s("critical success", "критический успех",
                                  "критичний успіх"),
    "degree.success": _s("success", "успех", "успіх"),
    "degree.failure": _s("failure", "провал", "провал"),
    "degree.critical_failure": _s("critical failure", "критический провал",
                                  "критичний провал"),
    "d20.naturals": _s("Natural 20 and natural 1", "Natural 20 и natural 1",
                       "Natural 20 і natural 1"),
    "d20.naturals.text": _s("A natural 20 moves the degree one step up, a natural 1 one step "
                            "down; nothing moves past the ends.",
                            "Natural 20 сдвигает степень на шаг вверх, natural 1 — на шаг "
                            "вниз; за края ничто не сдвигается.",
                            "Natural 20 зсуває ступінь на крок угору, natural 1 — на крок "
                            "униз; за краї ніщо не зсувається."),
    "d20.nat20": _s("with a natural 20", "при natural 20", "за natural 20"),
    "d20.nat1": _s("with a natural 1", "при natural 1", "за natural 1"),
    "d20.advantage_title": _s("Advantage", "Преимущество", "Перевага"),
    "d20.classic": _s("**Classic:** roll two d20 and keep the higher (advantage) or the lower "
                      "(disadvantage). One of each cancels out, whatever the count.",
                      "**Классическое:** бросьте два к20 и возьмите больший (преимущество) "
                      "или меньший (помеха). Одно и другое взаимно гасятся, сколько бы их ни "
                      "было.",
                      "**Класична:** киньте два к20 і візьміть більший (перевага) або менший "
                      "(перешкода). Одна й друга взаємно гасяться, скільки б їх не було."),
    "d20.scaled": _s("**Scaled:** count advantages and disadvantages; they cancel one for "
                     "one. The net number (at most {max} either way) picks an extra die that "
                     "is added to the roll, or subtracted from it.",
                     "**Масштабируемое:** сосчитайте преимущества и помехи; они гасят друг "
                     "друга один к одному. Итоговое число (не больше {max} в любую сторону) "
                     "выбирает дополнительный кубик, который прибавляется к броску или "
                     "вычитается из него.",
                     "**Масштабована:** порахуйте переваги й перешкоди; вони гасять одна одну "
                     "одна до одної. Підсумкове число (не більше {max} у будь-який бік) обирає "
                     "додатковий кубик, що додається до кидка або віднімається від нього."),
    "d20.net": _s("Net", "Итого", "Разом"),
    "d20.advantage": _s("Advantages", "Преимущества", "Переваги"),
    "d20.disadvantage": _s("Disadvantages", "Помехи", "Перешкоди"),
    "d20.average": _s("Average", "В среднем", "У середньому"),
    "d20.example": _s("Example: Survival +3 against DC 16 with {adv} advantages and no "
                      "disadvantage: roll d20 + 3 + {die}.",
                      "Пример: Выживание +3 против СЛ 16 с преимуществами ({adv}) и без "
                      "помех: бросьте к20 + 3 + {die}.",
                      "Приклад: Виживання +3 проти КС 16 з перевагами ({adv}) і без "
                      "перешкод: киньте к20 + 3 + {die}."),
    "d20.bonuses": _s("The procedure's bonuses (compass, Knowledge) add to the roll.",
                      "Бонусы процедуры (компас, Знание) прибавляются к броску.",
                      "Бонуси процедури (компас, Знання) додаються до кидка."),
    # -- BRP ---------------------------------------------------------------------------------
    "brp.intro": _s(
        "Skills are percentages. Roll d100 (00 is 100): equal to or under the chance "
        "succeeds. Rolls of 01–{always} always succeed and {never} always fail, whatever the "
        "chance. The procedure's DCs become a difficulty, and each point of bonus is worth "
        "{per} percentage points.",
        "Навыки — проценты. Бросьте к100 (00 — это 100): результат не выше шанса — успех. "
        "01–{always} всегда успех, {never} всегда провал, каким бы ни был шанс. СЛ процедуры "
        "становятся сложностью, а каждое очко бонуса стоит {per} процентных пунктов.",
        "Навички — відсотки. Киньте к100 (00 — це 100): результат не вище шансу — успіх. "
        "01–{always} завжди успіх, {never} завжди провал, хоч яким був би шанс. КС процедури "
        "стають складністю, а кожне очко бонусу варте {per} відсоткових пунктів."),
    "brp.difficulty_title": _s("Difficulty", "Сложность", "Складність"),
    "brp.difficulty": _s("Difficulty", "Сложность", "Складність"),
    "brp.procedure_dc": _s("Procedure DC", "СЛ процедуры", "КС процедури"),
    "brp.chance": _s("Chance", "Шанс", "Шанс"),
    "brp.example": _s("Skill {n}%", "Навык {n}%", "Навичка {n}%"),
    "brp.dc_or_less": _s("{dc} {n} or less", "{dc} {n} и ниже", "{dc} {n} і нижче"),
    "brp.dc_or_more": _s("{dc} {n} or more", "{dc} {n} и выше", "{dc} {n} і вище"),
    "brp.band.easy": _s("Easy", "Лёгкая", "Легка"),
    "brp.band.easy.rule": _s("skill × 2", "навык × 2", "навичка × 2"),
    "brp.band.normal": _s("Normal", "Обычная", "Звичайна"),
    "brp.band.normal.rule": _s("skill", "навык", "навичка"),
    "brp.band.hard": _s("Hard", "Трудная", "Важка"),
    "brp.band.hard.rule": _s("skill ÷ 2, rounded up", "навык ÷ 2, с округлением вверх",
                             "навичка ÷ 2, з округленням угору"),
    "brp.con": _s("A Constitution check uses CON × 5%.", "Проверка Телосложения — ВЫН × 5%.",
                  "Перевірка Статури — ВИТ × 5%."),
    "brp.success_title": _s("Success levels", "Уровни успеха", "Рівні успіху"),
    "brp.success.note": _s("Use the chance after difficulty. A special success is a fifth of "
                           "the chance, rounded up; a critical about a twentieth. A chance "
                           "of 0% or less never succeeds.",
                           "Берите шанс с учётом сложности. Особый успех — пятая часть "
                           "шанса с округлением вверх, критический — примерно двадцатая. "
                           "При шансе 0% и меньше успеха не бывает.",
                           "Беріть шанс з урахуванням складності. Особливий успіх — п'ята "
                           "частина шансу з округленням угору, критичний — приблизно "
                           "двадцята. За шансу 0% і менше успіху не буває."),
    "brp.skill": _s("Chance", "Шанс", "Шанс"),
    "brp.critical": _s("Critical", "Критический", "Критичний"),
    "brp.special": _s("Special", "Особый", "Особливий"),
    "brp.success": _s("Success", "Успех", "Успіх"),
    "brp.fumble": _s("Fumble", "Фатальный провал", "Фатальний провал"),
    "brp.up_to_skill": _s("up to the chance", "до шанса", "до шансу"),
    "brp.over_100": _s("over 100", "больше 100", "понад 100"),
    "brp.part_of_chance": _s("{part} of the chance, rounded up",
                             "{part} шанса, с округлением вверх",
                             "{part} шансу, з округленням угору"),
    "brp.opposed_title": _s("Skill against skill", "Навык против навыка",
                            "Навичка проти навички"),
    "brp.opposed.text": _s(
        "Both sides roll. Success levels cancel each other one for one, special above "
        "success above failure. Equal results go to the higher skill; if both fail, nobody "
        "gets what they wanted, or the GM calls a stalemate to be broken another way.",
        "Бросают обе стороны. Уровни успеха гасят друг друга один к одному: особый выше "
        "успеха, успех выше провала. При равных результатах побеждает больший навык; если "
        "обе провалились, никто не добился своего или мастер объявляет ничью, которую надо "
        "разрешить иначе.",
        "Кидають обидві сторони. Рівні успіху гасять один одного один до одного: особливий "
        "вище успіху, успіх вище провалу. За рівних результатів перемагає більша навичка; "
        "якщо обидві провалилися, ніхто не досяг свого або майстер оголошує нічию, яку треба "
        "розв'язати інакше."),
    "brp.side_a": _s("One side", "Одна сторона", "Один бік"),
    "brp.side_b": _s("The other", "Другая", "Інший"),
    "brp.becomes": _s("Become", "Становятся", "Стають"),
    "brp.level.special": _s("special", "особый", "особливий"),
    "brp.level.success": _s("success", "успех", "успіх"),
    "brp.level.failure": _s("failure", "провал", "провал"),
    "brp.resistance_title": _s("Resistance table", "Таблица сопротивления", "Таблиця опору"),
    "brp.resistance.text": _s(
        "When one raw quantity pushes against another (STR against the SIZ of a boulder, a "
        "poison's strength against CON), the active side's chance is 50% + 5% for each point "
        "it has over the passive side (− 5% for each point under). Ten or more points apart, "
        "the outcome is certain.",
        "Когда одна величина давит на другую (СИЛ против РАЗ валуна, сила яда против ВЫН), "
        "шанс активной стороны — 50% + 5% за каждое очко превосходства над пассивной (− 5% за "
        "каждое очко недостачи). При разнице в десять очков и больше исход предрешён.",
        "Коли одна величина тисне на іншу (СИЛ проти РОЗ валуна, сила отрути проти ВИТ), "
        "шанс активної сторони — 50% + 5% за кожне очко переваги над пасивною (− 5% за кожне "
        "очко нестачі). За різниці в десять очок і більше наслідок вирішено."),
    "brp.resistance.legend": _s("Columns: the active value; rows: the passive one. ✓ the "
                                "active side succeeds without a roll; ✗ it cannot.",
                                "Столбцы — активная величина, строки — пассивная. ✓ активная "
                                "сторона преуспевает без броска; ✗ у неё нет шансов.",
                                "Стовпці — активна величина, рядки — пасивна. ✓ активна "
                                "сторона досягає успіху без кидка; ✗ у неї немає шансів."),
    "brp.passive_active": _s("P \\ A", "П \\ А", "П \\ А"),
    "brp.diff": _s("A − P", "А − П", "А − П"),
    "brp.experience_title": _s("Experience", "Опыт", "Досвід"),
    "brp.experience": _s(
        "Tick a skill the first time it succeeds in an adventure when something was at "
        "stake (Easy rolls do not count). At the end, roll d100 for each ticked skill: above "
        "the skill (or 100) it improves by {die}.",
        "Отметьте навык, когда он впервые за приключение сработал, если что-то было на кону "
        "(Лёгкие броски не считаются). В конце бросьте к100 за каждый отмеченный навык: "
        "выше навыка (или 100) — он растёт на {die}.",
        "Позначте навичку, коли вона вперше за пригоду спрацювала, якщо щось було на кону "
        "(Легкі кидки не рахуються). Наприкінці киньте к100 за кожну позначену навичку: вище "
        "навички (або 100) — вона зростає на {die}."),
    # -- BSH ---------------------------------------------------------------------------------
    "bsh.intro": _s(
        "Roll d20 and try to come in **under** the attribute. Whatever the odds, a 1 is a "
        "critical success and a 20 a critical failure, which forces a doom die roll.",
        "Бросьте к20 и постарайтесь выбросить **меньше** характеристики. Как бы ни "
        "складывалось, 1 — критический успех, а 20 — критический провал, после которого "
        "бросают кубик обречённости.",
        "Киньте к20 і спробуйте викинути **менше** за характеристику. Хай там що, 1 — "
        "критичний успіх, а 20 — критичний провал, після якого кидають кубик приреченості."),
    "bsh.attr": _s("A", "Х", "Х"),
    "bsh.attr.legend": _s("A is the attribute rolled under.",
                          "Х — характеристика, под которую бросают.",
                          "Х — характеристика, під яку кидають."),
    "bsh.result": _s("Result", "Результат", "Результат"),
    "bsh.outcome.critical_success": _s("critical success", "критический успех",
                                       "критичний успіх"),
    "bsh.outcome.success": _s("success", "успех", "успіх"),
    "bsh.outcome.failure": _s("failure, or success at a cost",
                              "провал или успех за цену", "провал або успіх за ціну"),
    "bsh.outcome.critical_failure": _s("critical failure: roll the doom die",
                                       "критический провал: бросок обречённости",
                                       "критичний провал: кидок приреченості"),
    "bsh.cost": _s("A **success at a cost** keeps the game moving: the thing happens, but "
                   "something is lost, noticed, or owed.",
                   "**Успех за цену** не даёт игре застрять: дело сделано, но что-то "
                   "потеряно, замечено или теперь кто-то в долгу.",
                   "**Успіх за ціну** не дає грі застрягти: справу зроблено, але щось "
                   "утрачено, помічено або тепер хтось у боргу."),
    "bsh.adv_title": _s("Advantage and the procedure's DCs",
                        "Преимущество и СЛ процедуры", "Перевага і КС процедури"),
    "bsh.roll": _s("Roll", "Бросок", "Кидок"),
    "bsh.advantage": _s("advantage: two d20, the player picks",
                        "преимущество: два к20, выбирает игрок",
                        "перевага: два к20, обирає гравець"),
    "bsh.plain": _s("one d20", "один к20", "один к20"),
    "bsh.disadvantage": _s("disadvantage: two d20, the GM picks",
                           "помеха: два к20, выбирает мастер",
                           "перешкода: два к20, обирає майстер"),
    "bsh.adv.text": _s("Advantage and disadvantage cancel each other out, however many of "
                       "each there are. When the roll is against a foe of higher level, add "
                       "the difference in levels to the roll.",
                       "Преимущество и помеха гасят друг друга, сколько бы их ни было. Если "
                       "бросок против противника более высокого уровня, прибавьте к броску "
                       "разницу уровней.",
                       "Перевага й перешкода гасять одна одну, скільки б їх не було. Якщо "
                       "кидок проти супротивника вищого рівня, додайте до кидка різницю "
                       "рівнів."),
    "bsh.group_title": _s("Group checks", "Групповые проверки", "Групові перевірки"),
    "bsh.group.text": _s("When everyone does the same thing and can help each other, the "
                         "group succeeds if at least half of its members do.",
                         "Когда все делают одно и то же и могут помогать друг другу, группа "
                         "преуспевает, если преуспела хотя бы половина.",
                         "Коли всі роблять одне й те саме й можуть допомагати одне одному, "
                         "група досягає успіху, якщо досягла хоча б половина."),
    "bsh.members": _s("Members", "Участников", "Учасників"),
    "bsh.needed": _s("Successes needed", "Нужно успехов", "Треба успіхів"),
    "bsh.usage_title": _s("Usage dice", "Кубики использования", "Кубики використання"),
    "bsh.usage.text": _s(
        "A resource that runs out unpredictably carries a usage die. Roll it at each use: "
        "a 1 to {step} steps it down the ladder {ladder}; a 1 to {step} on the d4 exhausts "
        "it. The computed column is the exact average number of rolls before exhaustion "
        "(each die lasts on average its size ÷ {step} rolls).",
        "Ресурс, который кончается непредсказуемо, получает кубик использования. Бросайте его "
        "при каждом использовании: 1–{step} понижает его по шкале {ladder}; 1–{step} на к4 "
        "исчерпывает ресурс. Расчётный столбец — точное среднее число бросков до исчерпания "
        "(каждый кубик живёт в среднем размер ÷ {step} бросков).",
        "Ресурс, що закінчується непередбачувано, отримує кубик використання. Кидайте його за "
        "кожного використання: 1–{step} знижує його шкалою {ladder}; 1–{step} на к4 "
        "вичерпує ресурс. Розрахунковий стовпець — точна середня кількість кидків до "
        "вичерпання (кожен кубик живе в середньому розмір ÷ {step} кидків)."),
    "bsh.die": _s("Die", "Кубик", "Кубик"),
    "bsh.step_chance": _s("Steps down per roll", "Шанс понижения", "Шанс зниження"),
    "bsh.expected_seed": _s("Uses (book)", "Использований (книга)", "Використань (книга)"),
    "bsh.expected_computed": _s("Uses (computed)", "Использований (расчёт)",
                                "Використань (розрахунок)"),
    "bsh.then": _s("Then", "Затем", "Потім"),
    "bsh.exhausted": _s("exhausted", "исчерпан", "вичерпано"),
    "bsh.doom_title": _s("Doom", "Обречённость", "Приреченість"),
    "bsh.doom.text": _s(
        "Each member has a doom die (a usage die, {die} here unless the campaign or the "
        "character says otherwise). Roll it after a critical failure, when acting twice in "
        "one combat turn, when a gift demands it, or whenever the character tempts fate. A "
        "player may also call on fate: roll the doom die, subtract it from the check's "
        "result, and step the die down. Exhausted, the character is **doomed**: "
        "disadvantage on every check and damage roll until a long rest, which restores the "
        "die to full.",
        "У каждого участника есть кубик обречённости (кубик использования, здесь {die}, если "
        "кампания или персонаж не говорят иного). Бросайте его после критического провала, "
        "при двух одинаковых действиях за боевой ход, когда того требует дар или когда "
        "персонаж искушает судьбу. Игрок может и призвать судьбу: бросить кубик "
        "обречённости, вычесть выпавшее из результата проверки и понизить кубик. Когда он "
        "исчерпан, персонаж **обречён**: помеха на все проверки и броски урона до долгого "
        "отдыха, который возвращает кубик к полному размеру.",
        "Кожен учасник має кубик приреченості (кубик використання, тут {die}, якщо кампанія "
        "чи персонаж не кажуть іншого). Кидайте його після критичного провалу, за двох "
        "однакових дій за бойовий хід, коли цього вимагає дар або коли персонаж спокушає "
        "долю. Гравець може й закликати долю: кинути кубик приреченості, відняти випале від "
        "результату перевірки й знизити кубик. Коли його вичерпано, персонаж **приречений**: "
        "перешкода на всі перевірки та кидки шкоди до тривалого відпочинку, що повертає "
        "кубик до повного розміру."),
    # -- seed 004 modifiers -----------------------------------------------------------------
    "mod.intro": _s(
        "With scaled advantage every situation below adds or takes away dice of a given size. "
        "Count them as advantages (+) and disadvantages (−) and cancel one for one; the net "
        "picks the die from the ladder, never beyond {max} steps. A fixed die named below "
        "counts as the step of its size (1d4 is one step, 1d8 three).",
        "При масштабируемом преимуществе каждое обстоятельство ниже добавляет или отнимает "
        "кубики нужного размера. Считайте их преимуществами (+) и помехами (−) и гасите один "
        "к одному; итог выбирает кубик по шкале, не дальше {max} ступеней. Названный ниже "
        "кубик считается ступенью своего размера (1к4 — одна ступень, 1к8 — три).",
        "За масштабованої переваги кожна обставина нижче додає або забирає кубики певного "
        "розміру. Рахуйте їх перевагами (+) і перешкодами (−) і гасіть одна до одної; підсумок "
        "обирає кубик за шкалою, не далі {max} щаблів. Названий нижче кубик рахується "
        "щаблем свого розміру (1к4 — один щабель, 1к8 — три)."),
    "mod.classic_note": _s(
        "This campaign uses classic advantage: treat any bonus die as advantage and any "
        "penalty die as disadvantage.",
        "В этой кампании классическое преимущество: считайте любой кубик бонуса "
        "преимуществом, а кубик штрафа — помехой.",
        "У цій кампанії класична перевага: вважайте будь-який кубик бонусу перевагою, а "
        "кубик штрафу — перешкодою."),
    "mod.visibility": _s("Visibility", "Видимость", "Видимість"),
    "mod.examples": _s("For example", "Например", "Наприклад"),
    "mod.perception": _s("Perception", "Восприятие", "Сприйняття"),
    "mod.attacks": _s("Attacks", "Атаки", "Атаки"),
    "mod.cannot_see": _s("cannot see", "ничего не видно", "нічого не видно"),
    "mod.blinded_both": _s("everyone is blinded to everyone, and unseen",
                           "все ослеплены и невидимы друг для друга",
                           "усі осліплені й невидимі одне для одного"),
    "mod.at_range": _s("{die} at {ft} ft or more", "{die} с {ft} фт и дальше",
                       "{die} з {ft} фт і далі"),
    "vis.clear": _s("Clear", "Нормальная", "Нормальна"),
    "vis.clear.eg": _s("daylight, a well-lit hall", "день, хорошо освещённый зал",
                       "день, добре освітлена зала"),
    "vis.dim": _s("Dim", "Частично затруднённая", "Частково утруднена"),
    "vis.dim.eg": _s("dusk, moonlight, light mist or smoke",
                     "сумерки, лунный свет, лёгкий туман или дым",
                     "сутінки, місячне світло, легкий туман чи дим"),
    "vis.obscured": _s("Obscured", "Затруднённая", "Утруднена"),
    "vis.obscured.eg": _s("starlight, thick fog or smoke", "звёзды, густой туман или дым",
                          "зорі, густий туман чи дим"),
    "vis.none": _s("None", "Отсутствует", "Відсутня"),
    "vis.none.eg": _s("magical darkness, a lightless cave", "магическая тьма, пещера без света",
                      "магічна темрява, печера без світла"),
    "mod.range": _s("Range", "Дистанция", "Дистанція"),
    "mod.distance": _s("Distance", "Расстояние", "Відстань"),
    "mod.attack": _s("Attack", "Атака", "Атака"),
    "mod.times_normal": _s("up to {x} normal range", "до {x} нормальной дальности",
                           "до {x} нормальної дальності"),
    "range.normal": _s("Normal", "Нормальная", "Нормальна"),
    "range.medium": _s("Medium", "Средняя", "Середня"),
    "range.long": _s("Long", "Дальняя", "Далека"),
    "range.extreme": _s("Extreme", "Предельная", "Гранична"),
    "mod.cover": _s("Cover", "Укрытие", "Укриття"),
    "mod.attacks_against": _s("Attacks against", "Атаки по цели", "Атаки по цілі"),
    "cover.half": _s("Half (about half hidden)", "Половинное (скрыта наполовину)",
                     "Половинне (схована наполовину)"),
    "cover.half.eg": _s("a low fence, an upturned table, a slim tree",
                        "низкий забор, перевёрнутый стол, тонкое дерево",
                        "низький паркан, перекинутий стіл, тонке дерево"),
    "cover.solid": _s("Solid (more than half)", "Надёжное (больше половины)",
                      "Надійне (більше половини)"),
    "cover.solid.eg": _s("a barricade, a battlement, a thick trunk",
                         "баррикада, крепостная стена, толстый ствол",
                         "барикада, фортечний мур, товстий стовбур"),
    "cover.near_total": _s("Almost total (over three quarters)",
                           "Почти полное (больше трёх четвертей)",
                           "Майже повне (понад три чверті)"),
    "cover.near_total.eg": _s("an arrow slit", "бойница", "бійниця"),
    "mod.actions": _s("Actions and positions", "Действия и положение", "Дії та положення"),
    "mod.action": _s("Action", "Действие", "Дія"),
    "mod.die": _s("Die", "Кубик", "Кубик"),
    "mod.effect": _s("Effect", "Эффект", "Ефект"),
    "action.dodge": _s("Dodge", "Уклонение", "Ухилення"),
    "action.dodge.text": _s("on attacks against the dodging creature",
                            "к атакам по уклоняющемуся", "до атак по тому, хто ухиляється"),
    "action.help": _s("Help", "Помощь", "Допомога"),
    "action.help.text": _s("on an ally's roll; several helpers stack, usually to {max} "
                           "advantages at most",
                           "к броску союзника; помощь нескольких складывается, обычно не "
                           "больше {max} преимуществ",
                           "до кидка союзника; допомога кількох складається, зазвичай не "
                           "більше {max} переваг"),
    "action.surrounded": _s("Surrounded", "Окружение", "Оточення"),
    "action.surrounded.text": _s("on attacks against a surrounded foe",
                                 "к атакам по окружённому противнику",
                                 "до атак по оточеному супротивнику"),
    "mod.conditions": _s("Conditions", "Состояния", "Стани"),
    "mod.conditions.text": _s(
        "Conditions with levels stack their effect once per level (\"one disadvantage per "
        "level\" means two at level 2). These sit on top of the usual rules of each "
        "condition.",
        "Состояния с уровнями действуют по разу на уровень («по помехе за уровень» значит "
        "две на втором уровне). Всё это добавляется к обычным правилам каждого состояния.",
        "Стани з рівнями діють по разу на рівень («по перешкоді за рівень» означає дві на "
        "другому рівні). Усе це додається до звичайних правил кожного стану."),
    "mod.condition": _s("Condition", "Состояние", "Стан"),
    "mod.levels": _s("Levels", "Уровни", "Рівні"),
    "mod.level": _s("Level", "Уровень", "Рівень"),
    "mod.damage": _s("Damage", "Урон", "Шкода"),
    "mod.level_damage": _s("Damage of burning and bleeding by level",
                           "Урон горения и кровотечения по уровню",
                           "Шкода горіння та кровотечі за рівнем"),
    "cond.blinded": _s("Blinded", "Ослеплён", "Осліплений"),
    "cond.blinded.text": _s("its attacks −{own}; attacks against it +{against}; does not "
                            "stack with an unseen attacker's bonus",
                            "его атаки −{own}; атаки по нему +{against}; не складывается с "
                            "бонусом невидимого атакующего",
                            "його атаки −{own}; атаки по ньому +{against}; не складається з "
                            "бонусом невидимого нападника"),
    "cond.charmed": _s("Charmed", "Очарован", "Зачарований"),
    "cond.charmed.text": _s("the charmer's social checks against it +{social}",
                            "социальные проверки очаровавшего против него +{social}",
                            "соціальні перевірки того, хто зачарував, проти нього +{social}"),
    "cond.exhausted": _s("Exhausted", "Истощён", "Виснажений"),
    "cond.exhausted.text": _s("levels 1–3: one disadvantage per level on attacks, checks and "
                              "saves, and −{speed_n} ft speed per level; 4: hit point maximum "
                              "halved; 5: speed 0; 6: unconscious, death saves",
                              "уровни 1–3: по помехе за уровень к атакам, проверкам и "
                              "спасброскам и −{speed_n} фт скорости за уровень; 4: максимум "
                              "хитов вдвое меньше; 5: скорость 0; 6: без сознания, "
                              "спасброски от смерти",
                              "рівні 1–3: по перешкоді за рівень до атак, перевірок і "
                              "рятівних кидків та −{speed_n} фт швидкості за рівень; 4: "
                              "максимум хітів удвічі менший; 5: швидкість 0; 6: непритомний, "
                              "рятівні кидки від смерті"),
    "cond.frightened": _s("Frightened", "Испуган", "Наляканий"),
    "cond.frightened.text": _s("while it sees the source: one disadvantage per level on "
                               "attacks and checks; level 2: starting its turn within "
                               "{distance_n} ft it must move at least that far away; level 3: "
                               "it can only Dash away",
                               "пока видит источник: по помехе за уровень к атакам и "
                               "проверкам; уровень 2: начав ход ближе {distance_n} фт, должен "
                               "отойти хотя бы на это расстояние; уровень 3: может только "
                               "убегать Рывком",
                               "поки бачить джерело: по перешкоді за рівень до атак і "
                               "перевірок; рівень 2: почавши хід ближче {distance_n} фт, має "
                               "відійти щонайменше на цю відстань; рівень 3: може лише "
                               "тікати Ривком"),
    "cond.invisible": _s("Invisible", "Невидим", "Невидимий"),
    "cond.invisible.text": _s("attacks against it −{against}; its attacks on a conscious "
                              "target +{own}",
                              "атаки по нему −{against}; его атаки по цели в сознании +{own}",
                              "атаки по ньому −{against}; його атаки по притомній цілі "
                              "+{own}"),
    "cond.overloaded": _s("Overloaded", "Перегружен", "Перевантажений"),
    "cond.overloaded.text": _s("one disadvantage per level on Strength, Dexterity and "
                               "Constitution checks and saves; −{speed_n} ft speed per level "
                               "(not below {min_speed_n} ft)",
                               "по помехе за уровень к проверкам и спасброскам Силы, Ловкости "
                               "и Телосложения; −{speed_n} фт скорости за уровень (не ниже "
                               "{min_speed_n} фт)",
                               "по перешкоді за рівень до перевірок і рятівних кидків Сили, "
                               "Спритності та Статури; −{speed_n} фт швидкості за рівень (не "
                               "нижче {min_speed_n} фт)"),
    "cond.poisoned": _s("Poisoned", "Отравлен", "Отруєний"),
    "cond.poisoned.text": _s("one disadvantage per level on attacks, ability and skill "
                             "checks",
                             "по помехе за уровень к атакам, проверкам характеристик и "
                             "навыков",
                             "по перешкоді за рівень до атак, перевірок характеристик і "
                             "навичок"),
    "cond.prone": _s("Prone", "Сбит с ног", "Збитий з ніг"),
    "cond.prone.text": _s("its attacks −{own}; attacks against it +{near} within {reach_n} "
                          "ft, −{far} from farther away",
                          "его атаки −{own}; атаки по нему +{near} в пределах {reach_n} фт, "
                          "−{far} издалека",
                          "його атаки −{own}; атаки по ньому +{near} у межах {reach_n} фт, "
                          "−{far} здалеку"),
    "cond.restrained": _s("Restrained", "Опутан", "Сплутаний"),
    "cond.restrained.text": _s("per level: one disadvantage on its attacks and Dexterity "
                               "saves, one advantage on attacks against it",
                               "за уровень: помеха к его атакам и спасброскам Ловкости, "
                               "преимущество к атакам по нему",
                               "за рівень: перешкода до його атак і рятівних кидків "
                               "Спритності, перевага до атак по ньому"),
    "cond.stunned": _s("Stunned", "Ошеломлён", "Приголомшений"),
    "cond.stunned.text": _s("attacks against it +{against}", "атаки по нему +{against}",
                            "атаки по ньому +{against}"),
    "cond.unconscious": _s("Unconscious, paralysed", "Без сознания, парализован",
                           "Непритомний, паралізований"),
    "cond.unconscious.text": _s("attacks against it +{against}", "атаки по нему +{against}",
                                "атаки по ньому +{against}"),
    "cond.slowed": _s("Slowed", "Замедлен", "Сповільнений"),
    "cond.slowed.text": _s("per level: one disadvantage on Strength and Dexterity attacks, "
                           "checks and saves, one advantage on attacks against it, "
                           "−{speed_n} ft speed (not below {min_speed_n} ft)",
                           "за уровень: помеха к атакам, проверкам и спасброскам Силы и "
                           "Ловкости, преимущество к атакам по нему, −{speed_n} фт скорости "
                           "(не ниже {min_speed_n} фт)",
                           "за рівень: перешкода до атак, перевірок і рятівних кидків Сили й "
                           "Спритності, перевага до атак по ньому, −{speed_n} фт швидкості "
                           "(не нижче {min_speed_n} фт)"),
    "cond.burning": _s("Burning", "Горит", "Горить"),
    "cond.burning.text": _s("end of its turn: fire damage by level ({dmg}), then a Dexterity "
                            "save: success −1 level, critical success −2, critical failure "
                            "+1; an action to beat the flames gives +{action} on that save; "
                            "anyone within {reach_n} ft may spend an action on Wisdom "
                            "(Survival or Medicine) with the same results; DC: the cause's, "
                            "else {base} + attack bonus, else {dc}",
                            "в конце хода: урон огнём по уровню ({dmg}), затем спасбросок "
                            "Ловкости: успех −1 уровень, критический успех −2, критический "
                            "провал +1; действие, чтобы сбить пламя, даёт +{action} к этому "
                            "спасброску; любой в пределах {reach_n} фт может действием "
                            "проверить Мудрость (Выживание или Медицина) с теми же "
                            "результатами; СЛ: от источника, иначе {base} + бонус атаки, "
                            "иначе {dc}",
                            "наприкінці ходу: шкода вогнем за рівнем ({dmg}), потім рятівний "
                            "кидок Спритності: успіх −1 рівень, критичний успіх −2, "
                            "критичний провал +1; дія, щоб збити полум'я, дає +{action} до "
                            "цього кидка; будь-хто в межах {reach_n} фт може дією перевірити "
                            "Мудрість (Виживання чи Медицина) з тими самими наслідками; КС: "
                            "від джерела, інакше {base} + бонус атаки, інакше {dc}"),
    "cond.bleeding": _s("Bleeding", "Кровоточит", "Кровоточить"),
    "cond.bleeding.text": _s("end of its turn: necrotic damage by level ({dmg}), then a "
                             "Constitution save with the same steps as burning; it or anyone "
                             "within {reach_n} ft may spend an action on Wisdom (Medicine), "
                             "same results; one use of a healer's kit removes a level; DC as "
                             "for burning",
                             "в конце хода: некротический урон по уровню ({dmg}), затем "
                             "спасбросок Телосложения с теми же шагами, что у горения; оно "
                             "само или любой в пределах {reach_n} фт может действием "
                             "проверить Мудрость (Медицина) с теми же результатами; одно "
                             "применение набора лекаря снимает уровень; СЛ как у горения",
                             "наприкінці ходу: некротична шкода за рівнем ({dmg}), потім "
                             "рятівний кидок Статури з тими самими кроками, що й горіння; "
                             "воно саме чи будь-хто в межах {reach_n} фт може дією "
                             "перевірити Мудрість (Медицина) з тими самими наслідками; одне "
                             "використання набору цілителя знімає рівень; КС як у горіння"),
    # -- chases ------------------------------------------------------------------------------
    "chase.intro": _s(
        "A chase needs a quarry and at least one pursuer. Everyone not yet in the initiative "
        "order rolls it. Note the distance between the sides each round; the pursuer closest "
        "to the quarry is the **lead pursuer**.",
        "Для погони нужны беглец и хотя бы один преследователь. Все, кого ещё нет в порядке "
        "инициативы, бросают её. Каждый раунд отмечайте расстояние между сторонами; ближайший "
        "к беглецу преследователь — **головной**.",
        "Для погоні потрібні втікач і хоча б один переслідувач. Усі, кого ще немає в порядку "
        "ініціативи, кидають її. Щораунду позначайте відстань між сторонами; найближчий до "
        "втікача переслідувач — **головний**."),
    "chase.dash_title": _s("Dashing", "Рывки", "Ривки"),
    "chase.dash": _s(
        "Each participant may Dash {free} + its Constitution modifier times in the chase "
        "without risk. Every Dash beyond that calls for a DC {dc} Constitution check at the "
        "end of its turn, or it gains a level of exhaustion. At {drop} levels it drops out "
        "(its speed is 0). A short or long rest clears exhaustion gained in the chase.",
        "Каждый участник может без риска сделать Рывок {free} + модификатор Телосложения раз "
        "за погоню. Каждый следующий Рывок требует проверки Телосложения СЛ {dc} в конце "
        "хода, иначе он получает уровень истощения. На {drop} уровнях он выбывает (скорость "
        "0). Короткий или долгий отдых снимает истощение, полученное в погоне.",
        "Кожен учасник може без ризику зробити Ривок {free} + модифікатор Статури разів за "
        "погоню. Кожен наступний Ривок вимагає перевірки Статури КС {dc} наприкінці ходу, "
        "інакше він отримує рівень виснаження. На {drop} рівнях він вибуває (швидкість 0). "
        "Короткий або тривалий відпочинок знімає виснаження, здобуте в погоні."),
    "chase.attacks": _s("Attacks and spells work as usual within range. Participants do not "
                        "provoke opportunity attacks from each other (they all move the same "
                        "way), but bystanders may still strike at them.",
                        "Атаки и заклинания работают как обычно в пределах дистанции. "
                        "Участники не провоцируют атак друг от друга (все движутся в одну "
                        "сторону), но посторонние всё ещё могут их атаковать.",
                        "Атаки й заклинання діють як завжди в межах дистанції. Учасники не "
                        "провокують атак одне від одного (усі рухаються в один бік), але "
                        "сторонні все ще можуть їх атакувати."),
    "chase.escape_title": _s("Escaping", "Побег", "Втеча"),
    "chase.escape": _s(
        "At the end of each round the quarry rolls Dexterity (Stealth) against the highest "
        "passive Wisdom (Perception) among the pursuers. A quarry that never left the lead "
        "pursuer's sight fails automatically. Beating the score means it gets away — into a "
        "crowd, round a corner, into the trees. Otherwise the chase goes on.",
        "В конце каждого раунда беглец бросает Ловкость (Скрытность) против наибольшей "
        "пассивной Мудрости (Внимательность) среди преследователей. Беглец, которого "
        "головной преследователь ни разу не терял из виду, проваливает бросок автоматически. "
        "Превысил значение — ушёл: в толпу, за угол, в чащу. Иначе погоня продолжается.",
        "Наприкінці кожного раунду втікач кидає Спритність (Непомітність) проти найбільшої "
        "пасивної Мудрості (Уважність) серед переслідувачів. Втікач, якого головний "
        "переслідувач жодного разу не втрачав з поля зору, провалює кидок автоматично. "
        "Перевищив значення — пішов: у натовп, за ріг, у хащі. Інакше погоня триває."),
    "chase.end": _s("The chase ends when one side gives up, the quarry escapes, or the "
                    "pursuers catch it.",
                    "Погоня кончается, когда одна сторона сдаётся, беглец уходит или его "
                    "ловят.",
                    "Погоня закінчується, коли одна сторона здається, втікач іде або його "
                    "ловлять."),
    "chase.factors": _s("Escape factors", "Обстоятельства побега", "Обставини втечі"),
    "chase.factors.note": _s("Advantage and disadvantage from several factors cancel as "
                             "usual. The GM may add others.",
                             "Преимущество и помеха от разных обстоятельств гасятся как "
                             "обычно. Мастер может добавить свои.",
                             "Перевага й перешкода від різних обставин гасяться як завжди. "
                             "Майстер може додати свої."),
    "chase.factor": _s("The quarry's situation", "Положение беглеца", "Становище втікача"),
    "chase.effect": _s("Stealth roll", "Бросок Скрытности", "Кидок Непомітності"),
    "chase.advantage": _s("advantage", "преимущество", "перевага"),
    "chase.disadvantage": _s("disadvantage", "помеха", "перешкода"),
    "escape.cover": _s("plenty to hide behind: alleys, stalls, thick undergrowth",
                       "есть где спрятаться: переулки, лотки, густой подлесок",
                       "є де сховатися: провулки, ятки, густий підлісок"),
    "escape.crowd": _s("a dense crowd or a noisy place", "густая толпа или шумное место",
                       "густий натовп або гамірне місце"),
    "escape.open": _s("little to hide behind: open fields, a bare street",
                      "негде спрятаться: открытое поле, пустая улица",
                      "ніде сховатися: відкрите поле, порожня вулиця"),
    "escape.quiet": _s("an empty or quiet place", "безлюдное или тихое место",
                       "безлюдне або тихе місце"),
    "escape.tracker": _s("the lead pursuer knows this kind of country intimately",
                         "головной преследователь отлично знает такую местность",
                         "головний переслідувач чудово знає таку місцевість"),
    "escape.marked": _s("the quarry is easy to spot (glowing, gaudy, leaving a trail)",
                        "беглеца легко заметить (светится, ярко одет, оставляет след)",
                        "втікача легко помітити (світиться, яскраво вбраний, лишає слід)"),
    "chase.complications_title": _s("Complications", "Осложнения", "Ускладнення"),
    "chase.complications": _s(
        "At the end of its turn each participant rolls {die}; on {range} a complication "
        "strikes — not the roller, but the **next** participant still in the chase, in "
        "initiative order. Whatever it is, that participant moves at half speed on its next "
        "turn. To cancel one (spending inspiration, say), record the roll as 11 or more.",
        "В конце своего хода каждый участник бросает {die}; на {range} случается осложнение — "
        "не с бросавшим, а со **следующим** по инициативе участником, ещё оставшимся в "
        "погоне. Каким бы оно ни было, этот участник в свой следующий ход движется с "
        "половинной скоростью. Чтобы отменить осложнение (например, потратив вдохновение), "
        "запишите бросок как 11 или больше.",
        "Наприкінці свого ходу кожен учасник кидає {die}; на {range} стається ускладнення — "
        "не з тим, хто кидав, а з **наступним** за ініціативою учасником, що ще лишився в "
        "погоні. Хай яким воно буде, цей учасник свого наступного ходу рухається з "
        "половинною швидкістю. Щоб скасувати ускладнення (скажімо, витративши натхнення), "
        "запишіть кидок як 11 або більше."),
    "chase.own_tables": _s("These are our own situations. Give the campaign a d20 table with "
                           "id `{urban}` or `{wilderness}` (or name one in the chase entry's "
                           "`complications:`) and the sheet and the replay use it instead.",
                           "Это наши собственные ситуации. Добавьте в кампанию таблицу к20 с "
                           "id `{urban}` или `{wilderness}` (или укажите её в поле "
                           "`complications:` записи погони) — и лист, и воспроизведение "
                           "возьмут её.",
                           "Це наші власні ситуації. Додайте до кампанії таблицю к20 з id "
                           "`{urban}` або `{wilderness}` (або вкажіть її в полі "
                           "`complications:` запису погоні) — і аркуш, і відтворення "
                           "візьмуть її."),
    "chase.campaign_table": _s("From this campaign's tables.", "Из таблиц этой кампании.",
                               "З таблиць цієї кампанії."),
    "chase.other_systems": _s("Under Basic Roleplaying or Black Sword Hack, resolve the same "
                              "checks in that system (DC 10 is Easy).",
                              "В Basic Roleplaying или Black Sword Hack решайте те же "
                              "проверки в своей системе (СЛ 10 — Лёгкая).",
                              "У Basic Roleplaying або Black Sword Hack розв'язуйте ті самі "
                              "перевірки у своїй системі (КС 10 — Легка)."),
    "chase.engine_title": _s("How the replay runs a chase", "Как воспроизведение ведёт погоню",
                             "Як відтворення веде погоню"),
    "chase.rule": _s("Rule", "Правило", "Правило"),
    "chase.value": _s("Value", "Значение", "Значення"),
    "chase.r.dash": _s("Movement each turn (everyone Dashes)", "Движение за ход (все делают Рывок)",
                       "Рух за хід (усі роблять Ривок)"),
    "chase.r.dash.v": _s("{x} speed", "{x} скорости", "{x} швидкості"),
    "chase.r.free": _s("Free Dashes", "Свободные Рывки", "Вільні Ривки"),
    "chase.r.free.v": _s("{n} + Con modifier", "{n} + мод. Телосложения", "{n} + мод. Статури"),
    "chase.r.con": _s("Each further Dash", "Каждый следующий Рывок", "Кожен наступний Ривок"),
    "chase.r.con.v": _s("Constitution DC {dc} or 1 exhaustion",
                        "Телосложение СЛ {dc} или 1 истощение",
                        "Статура КС {dc} або 1 виснаження"),
    "chase.r.half": _s("Exhaustion that halves speed", "Истощение, вдвое снижающее скорость",
                       "Виснаження, що вдвічі знижує швидкість"),
    "chase.r.disadv": _s("Exhaustion that hinders Constitution and Stealth",
                         "Истощение, мешающее Телосложению и Скрытности",
                         "Виснаження, що заважає Статурі й Непомітності"),
    "chase.r.drop": _s("Exhaustion that drops out", "Истощение, при котором выбывают",
                       "Виснаження, за якого вибувають"),
    "chase.r.level": _s("level {n}+", "уровень {n}+", "рівень {n}+"),
    "chase.r.complication": _s("Complication", "Осложнение", "Ускладнення"),
    "chase.r.complication.v": _s("{range} on {die}: the next participant moves at half speed",
                                 "{range} на {die}: следующий участник идёт вполсилы",
                                 "{range} на {die}: наступний учасник іде впівсили"),
    "chase.r.start": _s("Starting distance (unless given)",
                        "Начальное расстояние (если не указано)",
                        "Початкова відстань (якщо не вказано)"),
    "chase.r.sight": _s("Out of sight beyond", "Вне поля зрения дальше чем",
                        "Поза полем зору далі ніж"),
    "chase.r.sight.v": _s("{urban} ft in town, {wild} ft in the wild",
                          "{urban} фт в городе, {wild} фт на природе",
                          "{urban} фт у місті, {wild} фт на природі"),
    "chase.r.escape": _s("Escape", "Побег", "Втеча"),
    "chase.r.escape.v": _s("Stealth beats the best passive Perception (DC = it + {n})",
                           "Скрытность выше лучшей пассивной Внимательности (СЛ = она + {n})",
                           "Непомітність вища за найкращу пасивну Уважність (КС = вона + {n})"),
    "chase.r.rounds": _s("Pursuers give up after", "Преследователи сдаются через",
                         "Переслідувачі здаються через"),
    "chase.r.rounds.v": _s("{n} rounds (unless given)", "{n} раундов (если не указано)",
                           "{n} раундів (якщо не вказано)"),
    "chase.env.urban": _s("In town", "В городе", "У місті"),
    "chase.env.wilderness": _s("In the wild", "На природе", "На природі"),
    "chase.none": _s("no complication", "без осложнений", "без ускладнень"),
    "chase.gm_choice": _s("the GM's choice", "на выбор мастера", "на вибір майстра"),
    "chase.urban.1": _s('A handcart tips over across the lane.',
                        'Поперёк переулка опрокидывается тележка.',
                        'Упоперек провулка перекидається візок.'),
    "chase.urban.2": _s('A crowd pours out of a temple and fills the street.',
                        'Из храма выходит толпа и заполняет улицу.',
                        'Із храму виходить натовп і заповнює вулицю.'),
    "chase.urban.3": _s('A washing line or a shop sign hangs at head height.',
                        'Бельевая верёвка или вывеска на уровне головы.',
                        'Мотузка з білизною чи вивіска на рівні голови.'),
    "chase.urban.4": _s('A hawker grabs a sleeve and will not let go.',
                        'Торговец хватает за рукав и не отпускает.',
                        'Торговець хапає за рукав і не відпускає.'),
    "chase.urban.5": _s('Slick cobbles: spilt oil, or worse.',
                        'Скользкая мостовая: разлитое масло или что похуже.',
                        'Слизька бруківка: розлита олія чи щось гірше.'),
    "chase.urban.6": _s('A watch patrol bars the way and shouts to halt.',
                        'Патруль стражи преграждает путь и кричит «стой».',
                        'Патруль варти заступає шлях і кричить «стій».'),
    "chase.urban.7": _s('A yard dog breaks its chain and snaps at heels.',
                        'Дворовый пёс срывается с цепи и хватает за пятки.',
                        "Дворовий пес зривається з ланцюга й хапає за п'яти."),
    "chase.urban.8": _s('A low arch, or a rotten stair.',
                        'Низкая арка или гнилая лестница.',
                        'Низька арка або гнилі сходи.'),
    "chase.urban.9": _s('A door swings open right ahead.',
                        'Прямо впереди распахивается дверь.',
                        'Просто попереду розчиняються двері.'),
    "chase.urban.10": _s('A blind alley, or a wrong turn.',
                        'Тупик или не тот поворот.',
                        'Глухий кут або не той поворот.'),
    "chase.wilderness.1": _s('A wall of brambles.',
                             'Стена колючих кустов.',
                             'Стіна колючих кущів.'),
    "chase.wilderness.2": _s('Rabbit holes and roots underfoot.',
                             'Норы и корни под ногами.',
                             'Нори й коріння під ногами.'),
    "chase.wilderness.3": _s('A ditch or a brook across the way.',
                             'Канава или ручей поперёк пути.',
                             'Рів чи струмок упоперек шляху.'),
    "chase.wilderness.4": _s('Low branches whip across the face.',
                             'Низкие ветки хлещут по лицу.',
                             'Низьке гілля шмагає по обличчю.'),
    "chase.wilderness.5": _s('A flock of birds bursts from cover.',
                             'Из укрытия вырывается стая птиц.',
                             'Зі схованки зривається зграя птахів.'),
    "chase.wilderness.6": _s('A slope of loose scree or mud.',
                             'Склон из осыпи или грязи.',
                             'Схил з осипу чи багнюки.'),
    "chase.wilderness.7": _s('A cloud of biting flies.',
                             'Туча кусачих мух.',
                             'Хмара кусючих мух.'),
    "chase.wilderness.8": _s('An old snare hidden in the grass.',
                             'Старый силок, спрятанный в траве.',
                             'Старе сильце, сховане в траві.'),
    "chase.wilderness.9": _s('Mist or smoke rolls across the way.',
                             'Через путь наползает туман или дым.',
                             'Через шлях насувається туман чи дим.'),
    "chase.wilderness.10": _s('A disturbed animal lashes out.',
                             'Потревоженный зверь бросается на бегущего.',
                             'Потривожений звір кидається на втікача.'),
    # -- facing ------------------------------------------------------------------------------
    "facing.intro": _s(
        "A creature faces one side of its space. Lines drawn outward through the two corners "
        "of that side mark its **front** sector; the same lines through the opposite side "
        "mark its **rear**; the rest is **side**. It may turn whenever it finishes moving, "
        "and as a reaction when another creature moves.",
        "Существо смотрит в сторону одной из граней своего пространства. Линии, проведённые "
        "наружу через два угла этой грани, отмечают **передний** сектор; такие же линии через "
        "противоположную грань — **задний**; остальное — **боковые**. Развернуться можно, "
        "закончив перемещение, и реакцией, когда перемещается другое существо.",
        "Істота дивиться в бік однієї з граней свого простору. Лінії, проведені назовні через "
        "два кути цієї грані, позначають **передній** сектор; такі самі лінії через "
        "протилежну грань — **задній**; решта — **бічні**. Розвернутися можна, закінчивши "
        "переміщення, і реакцією, коли переміщується інша істота."),
    "facing.front": _s("front", "передний", "передній"),
    "facing.side": _s("side", "боковой", "бічний"),
    "facing.rear": _s("rear", "задний", "задній"),
    "facing.front.letter": _s("F", "П", "П"),
    "facing.side.letter": _s("S", "Б", "Б"),
    "facing.rear.letter": _s("R", "З", "З"),
    "facing.sector": _s("Sector", "Сектор", "Сектор"),
    "facing.can": _s("The creature", "Существо", "Істота"),
    "facing.attacked": _s("Attacks from there", "Атаки оттуда", "Атаки звідти"),
    "facing.front.can": _s("sees and targets normally; its shield counts",
                           "видит и выбирает цели как обычно; щит действует",
                           "бачить і обирає цілі як завжди; щит діє"),
    "facing.side.can": _s("sees and targets normally; a shield counts on its own side only",
                          "видит и выбирает цели как обычно; щит — только со своей стороны",
                          "бачить і обирає цілі як завжди; щит — лише зі свого боку"),
    "facing.rear.can": _s("sees nothing and cannot target", "ничего не видит и не может "
                          "выбрать цель", "нічого не бачить і не може обрати ціль"),
    "facing.front.attacked": _s("as usual", "как обычно", "як завжди"),
    "facing.side.attacked": _s("as usual", "как обычно", "як завжди"),
    "facing.rear.attacked": _s("with advantage", "с преимуществом", "з перевагою"),
    "facing.squares": _s("On squares", "На клетках", "На клітинках"),
    "facing.hexes": _s("On hexes", "На гексах", "На гексах"),
    "facing.hexes.note": _s("On hexes the lines leave the centre through the corners of the "
                            "facing side, so they run along the grid: the front is a 60° "
                            "wedge.",
                            "На гексах линии идут из центра через углы передней грани и "
                            "потому бегут вдоль сетки: передний сектор — клин в 60°.",
                            "На гексах лінії йдуть із центру через кути передньої грані й "
                            "тому біжать уздовж сітки: передній сектор — клин у 60°."),
    "facing.svg_squares": _s("Facing sectors on a square grid", "Секторы на клетках",
                             "Сектори на клітинках"),
    "facing.svg_hexes": _s("Facing sectors on a hex grid", "Секторы на гексах",
                           "Сектори на гексах"),
    "facing.ties": _s("Cells cut by a line", "Клетки, разрезанные линией",
                      "Клітинки, розрізані лінією"),
    "facing.cell": _s("A cell…", "Клетка…", "Клітинка…"),
    "facing.belongs": _s("belongs to", "относится к сектору", "належить до сектора"),
    "facing.tie.majority": _s("with more than half in one sector",
                              "больше чем наполовину в одном секторе",
                              "більш ніж наполовину в одному секторі"),
    "facing.tie.majority.to": _s("that sector", "этому сектору", "цього сектора"),
    "facing.tie.half_front": _s("exactly half in the front", "ровно наполовину в переднем",
                                "рівно наполовину в передньому"),
    "facing.tie.side_rear": _s("split half side, half rear",
                               "наполовину в боковом, наполовину в заднем",
                               "навпіл у бічному та задньому"),
    "facing.odd": _s("Not every creature has every sector: an ooze may be all front, a "
                     "many-headed beast three fronts and one rear.",
                     "Не у всех существ есть все секторы: у слизи всё может быть передним, "
                     "у многоголового зверя — три передних и один задний.",
                     "Не в усіх істот є всі сектори: у слизу все може бути переднім, у "
                     "багатоголового звіра — три передніх і один задній."),
    # -- roll tables -------------------------------------------------------------------------
    "tables.intro": _s("Roll the dice shown; the ranges come from each row's weight or "
                       "roll. The chance column is the share of results that land on the row.",
                       "Бросайте указанные кубики; диапазоны берутся из веса или броска "
                       "каждой строки. Столбец шанса — доля результатов, попадающих в строку.",
                       "Кидайте зазначені кубики; діапазони беруться з ваги або кидка "
                       "кожного рядка. Стовпець шансу — частка результатів, що потрапляють у "
                       "рядок."),
    "tables.none": _s("No roll tables yet.", "Таблиц бросков пока нет.",
                      "Таблиць кидків поки немає."),
    "tables.name": _s("Table", "Таблица", "Таблиця"),
    "tables.dice": _s("Dice", "Кубики", "Кубики"),
    "tables.rows": _s("Rows", "Строк", "Рядків"),
    "tables.for": _s("For", "Для", "Для"),
    "tables.result": _s("Result", "Результат", "Результат"),
    "tables.notes": _s("Notes", "Примечания", "Примітки"),
    "tables.chance": _s("Chance", "Шанс", "Шанс"),
    "tables.roll_on": _s("roll on {name}", "бросок по {name}", "кидок за {name}"),
    "tables.gm_rolls_on": _s("the GM rolls further", "мастер бросает дальше",
                             "майстер кидає далі"),
    "tables.distance": _s("distance {d} ft", "дистанция {d} фт", "дистанція {d} фт"),
    "tables.reaction": _s("reaction {dice}", "реакция {dice}", "реакція {dice}"),
    "tables.gm": _s("GM", "Мастер", "Майстер"),
    "tables.audience.gm": _s("GM", "мастер", "майстер"),
    "tables.audience.players": _s("players", "игроки", "гравці"),
    "tables.back": _s("All tables", "Все таблицы", "Усі таблиці"),
    # -- GM screen ---------------------------------------------------------------------------
    "screen.watch": _s("A watch", "Вахта", "Вахта"),
    "screen.watch.text": _s("{hours} h; {watches} a day; watch 1 starts at midnight. Every "
                            "watch: one encounter check.",
                            "{hours} ч; {watches} в сутках; первая начинается в полночь. "
                            "Каждую вахту — проверка встреч.",
                            "{hours} год; {watches} на добу; перша починається опівночі. "
                            "Щовахти — перевірка зустрічей."),
    "screen.terrain": _s("Terrain", "Местность", "Місцевість"),
    "screen.hwy": _s("Hwy", "Тракт", "Шлях"),
    "screen.road": _s("Road", "Дор.", "Дор."),
    "screen.none": _s("Off", "Бездор.", "Бездор."),
    "screen.nav": _s("Nav", "Нав.", "Нав."),
    "screen.forage": _s("Forage", "Сбор", "Збір"),
    "screen.dc_mods": _s("DC modifiers", "Модификаторы СЛ", "Модифікатори КС"),
    "screen.lost": _s("Lost", "Блуждание", "Блукання"),
    "screen.lost.text": _s("Realise: once a watch, Survival vs nav DC of the hex now "
                           "(no mode modifiers). Again lost: same side adds a face "
                           "(max {max}).",
                           "Осознание: раз в вахту, Выживание против СЛ навигации текущего "
                           "гекса (без режима). Новый провал: та же сторона добавляет грань "
                           "(макс. {max}).",
                           "Усвідомлення: раз на вахту, Виживання проти КС навігації "
                           "поточного гекса (без режиму). Новий провал: той самий бік додає "
                           "грань (макс. {max})."),
    "screen.chase": _s("Chase", "Погоня", "Погоня"),
    "screen.chase.text": _s("Everyone Dashes. Free Dashes: {free} + Con mod; then DC {dc} "
                            "Con or 1 exhaustion ({half}+: half speed; {drop}: out). End of turn "
                            "{die}: {range} = complication, the next in initiative moves at "
                            "half speed. End of round: quarry's Stealth must beat the "
                            "pursuers' best passive Perception; never out of sight = fail.",
                            "Все делают Рывок. Свободные: {free} + мод. Тел.; затем Тел. СЛ "
                            "{dc} или 1 истощение ({half}+: полскорости; {drop}: выбыл). Конец "
                            "хода {die}: {range} — осложнение, следующий по инициативе идёт "
                            "вполсилы. Конец раунда: Скрытность беглеца должна превзойти "
                            "лучшую пассивную Внимательность; не скрывался из виду — провал.",
                            "Усі роблять Ривок. Вільні: {free} + мод. Стат.; далі Стат. КС "
                            "{dc} або 1 виснаження ({half}+: півшвидкості; {drop}: вибув). Кінець "
                            "ходу {die}: {range} — ускладнення, наступний за ініціативою іде "
                            "впівсили. Кінець раунду: Непомітність втікача має перевершити "
                            "найкращу пасивну Уважність; не зникав з очей — провал."),
    "screen.march": _s("Hustle and march", "Спешка и марш", "Поспіх і марш"),
    "screen.system": _s("Checks", "Проверки", "Перевірки"),
    "screen.doom.text": _s("Doom die {die} per member. Roll it after a critical failure, on a "
                           "second identical action in a combat turn, when a gift asks, or "
                           "when tempting fate. Exhausted: doomed (disadvantage on every "
                           "check and damage roll) until a long rest restores it.",
                           "Кубик обречённости {die} у каждого. Бросайте после критического "
                           "провала, при повторе действия за боевой ход, когда требует дар, "
                           "или когда персонаж искушает судьбу. Исчерпан: обречён (помеха на "
                           "все проверки и урон) до долгого отдыха, который его восполняет.",
                           "Кубик приреченості {die} у кожного. Кидайте після критичного "
                           "провалу, за повтору дії за бойовий хід, коли вимагає дар, або "
                           "коли персонаж спокушає долю. Вичерпано: приречений (перешкода на "
                           "всі перевірки й шкоду) до тривалого відпочинку, що його "
                           "відновлює."),
    "screen.brp.always": _s("Success: d100 up to the chance; 01–{always} always succeed, "
                            "{never} always fail.",
                            "Успех: к100 не выше шанса; 01–{always} всегда успех, {never} "
                            "всегда провал.",
                            "Успіх: к100 не вище шансу; 01–{always} завжди успіх, {never} "
                            "завжди провал."),
    "screen.complications": _s("Chase complications", "Осложнения погони",
                               "Ускладнення погоні"),
}


class Translator(_Translator):
    """The sheets' strings in one language: ``t("key", name=...)`` (the sites' translator
    reading the sheets' own table)."""

    def __init__(self, language: str) -> None:
        super().__init__(language, STRINGS)
