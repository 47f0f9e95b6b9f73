print("dtaudit")
